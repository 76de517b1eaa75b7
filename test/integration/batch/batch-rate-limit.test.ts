import { dirname } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BatchStore } from '../../../electron/core/batch/batch-store.ts';
import { newLocalId } from '../../../electron/core/purchases/submission/local-id.ts';
import { PurchaseJournal } from '../../../electron/core/purchases/journal/journal.ts';
import type { BatchSummary } from '../../../shared/purchase/batch.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

// A line whose POST is answered 429 is neither failed nor sent again by the batch: its purchase
// waits as the service asked and goes again by itself, and the line stays on it until it settles.
let test: TestCore;

beforeAll(async () => {
  test = await startTestCore({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [0, 1] } });
}, 30_000);

afterAll(async () => {
  await test.close();
});

it('a batch line answered 429 waits on its purchase, which goes again as itself after Retry-After, and completes', async () => {
  const { batches, purchases } = test.started.core;
  const sandbox = test.started.sandbox;
  if (sandbox === undefined) throw new Error('an embedded sandbox is expected');
  const variables = [sandbox.config.sampleVariables[0] ?? ''];
  const plan = await batches.plan({ environmentId: 'sandbox', source: 'r.csv', csv: `title_number\n${worldTitles(3, [], 1500).join('\n')}\n`, variables, tenure: 'all', reuseDays: 0, concurrency: 1 });
  const since = Date.now();
  sandbox.setFaults([{ target: 'purchase', kind: 'status429', retryAfterSeconds: 2, count: 1 }]);
  const id = batches.create(plan).id;
  const done = batches.start(id);
  let during: BatchSummary | undefined;
  for (let i = 0; i < 200 && during === undefined; i += 1) {
    if (purchases.list().some((record) => record.error?.code === 'rate_limited')) during = batches.summary(id);
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(during?.counts).toMatchObject({ failed: 0, refused: 0, unknown: 0, available: 0 });
  await done;
  const after = batches.summary(id);
  expect(after).toMatchObject({ state: 'done', waiting: null });
  expect(after.counts).toMatchObject({ available: 3, failed: 0, refused: 0, unknown: 0, queued: 0 });
  const posts = sandbox.log().filter((entry) => entry.class === 'purchase' && entry.arrivedAt >= since);
  expect(posts.map((entry) => entry.status)).toEqual([429, 303, 303, 303]);
  expect((posts[1]?.arrivedAt ?? 0) - (posts[0]?.time ?? Infinity)).toBeGreaterThanOrEqual(2000);
  // One purchase a line: the one answered 429 was sent again as itself.
  const lines = batches.document(id);
  expect(new Set(purchases.list().filter((record) => record.createdAt >= since).map((record) => record.id)).size).toBe(3);
  expect(lines.totals).toMatchObject({ bought: 3, failed: 0 });
}, 60_000);

it('after a restart, a line whose purchase waits out a 429 joins the purchase\'s own send: one POST, not before its time, never failed', async () => {
  const { batches, purchases } = test.started.core;
  const sandbox = test.started.sandbox;
  if (sandbox === undefined) throw new Error('an embedded sandbox is expected');
  const plan = await batches.plan({ environmentId: 'sandbox', source: 's.csv', csv: `title_number\n${worldTitles(1, [], 1510).join('\n')}\n`, variables: [sandbox.config.sampleVariables[0] ?? ''], tenure: 'all', reuseDays: 0, concurrency: 1 });
  const id = batches.create(plan).id;
  const [line] = plan.items;
  if (line === undefined) throw new Error('one line expected');
  // What a process stopped during the wait leaves: the line sending, its purchase not sent with the service's time.
  const now = Date.now();
  const localId = newLocalId();
  const retryAt = now + 2500;
  const journal = new PurchaseJournal(dirname(purchases.journalPath));
  journal.insert({ id: localId, environmentId: 'sandbox', titleNumber: line.titleNumber ?? '', variables: line.toBuy, options: {}, state: 'not_sent', nextCheckAt: retryAt, error: { code: 'rate_limited', message: 'Waiting: the service asked to slow down (until 12:00:00).' }, autoCheck: true, createdAt: now, updatedAt: now, timeline: [] });
  journal.close();
  const store = new BatchStore(purchases.journalPath);
  store.saveItem(id, { ...line, state: 'sending', purchaseLocalId: localId });
  store.setState(id, 'running', null, now);
  store.close();
  expect(purchases.resume()).toMatchObject({ autoSent: 1 });
  await batches.start(id);
  expect(batches.items(id).map((item) => [item.state, item.purchaseLocalId])).toEqual([['available', localId]]);
  const posts = sandbox.log().filter((entry) => entry.class === 'purchase' && entry.arrivedAt >= now);
  expect(posts).toHaveLength(1);
  expect(posts[0]?.arrivedAt ?? 0).toBeGreaterThanOrEqual(retryAt);
}, 60_000);
