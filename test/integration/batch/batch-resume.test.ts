import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseEnvironment } from '../../../electron/core/env/purchase-environment.ts';
import { BatchStore } from '../../../electron/core/batch/batch-store.ts';
import { PurchaseJournal } from '../../../electron/core/purchases/journal/journal.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let test: TestCore;
let variables: string[];

const posts = (): number => test.started.sandbox?.stats().purchase ?? Number.NaN;

beforeAll(async () => {
  test = await startTestCore({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [0, 1] } });
  variables = (test.started.sandbox?.config.sampleVariables ?? []).slice(0, 2);
}, 30_000);

afterAll(async () => {
  await test.close();
});

describe('a batch continued after a crash', () => {
  it('never re-sends a line marked sending whose purchase the journal does not know, follows one already sent, and never re-sends one of unknown outcome', async () => {
    const { batches, purchases, environments } = test.started.core;
    const titles = worldTitles(3, [], 800);
    const plan = await batches.plan({ environmentId: 'sandbox', source: 'r.csv', csv: `title_number\n${titles.join('\n')}\n`, variables, tenure: 'all', reuseDays: 0, concurrency: 2 });
    const id = batches.create(plan).id;
    const [unsent, sent, unknown] = plan.items;
    if (unsent === undefined || sent === undefined || unknown === undefined) throw new Error('three lines expected');
    // What a process killed at three different moments leaves in the journal.
    const store = new BatchStore(purchases.journalPath);
    const journal = new PurchaseJournal(dirname(purchases.journalPath));
    store.saveItem(id, { ...unsent, state: 'sending', purchaseLocalId: randomUUID() });
    const sentRecord = await purchases.create(purchaseEnvironment(environments, 'sandbox'), sent.titleNumber ?? '', sent.toBuy, {}, randomUUID());
    store.saveItem(id, { ...sent, state: 'sending', purchaseLocalId: sentRecord.id });
    const unknownId = randomUUID();
    const now = Date.now();
    // It reached "sending": the POST may have left, so its outcome is unknown (without the mark it is "not sent" and sent again).
    journal.insert({ id: unknownId, environmentId: 'sandbox', titleNumber: unknown.titleNumber ?? '', variables: unknown.toBuy, options: {}, state: 'submitting', sendingAt: now, autoCheck: true, createdAt: now, updatedAt: now, timeline: [] });
    store.saveItem(id, { ...unknown, state: 'sending', purchaseLocalId: unknownId });
    store.setState(id, 'running', null, now);
    journal.close();
    store.close();
    purchases.resume();
    const before = posts();
    await batches.start(id);
    const items = batches.items(id);
    // A line marked sending is written only after its price is reserved and just before its intent:
    // without the intent, a journal that lost its last writes may be hiding a POST that went out.
    expect(items.map((item) => item.state)).toEqual(['unknown', 'available', 'unknown']);
    expect(items[0]?.reason).toContain('it may have been bought');
    expect(items[1]?.purchaseLocalId).toBe(sentRecord.id);
    expect(items[1]?.purchaseId).toBe(sentRecord.purchaseId);
    expect(posts() - before).toBe(0);
    expect(batches.summary(id).state).toBe('done');
    expect(batches.document(id).totals).toMatchObject({ bought: 1, failed: 2 });
  }, 30_000);
});
