import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../../shared/purchase/batch.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';
import { waitFor } from '../fixtures/wait-for.ts';

// A batch meeting an outage waits for the service instead of failing its lines: a line the
// service did not take costs nothing, goes back to the queue and is sent once it answers.
let test: TestCore;
let variables: string[];

beforeAll(async () => {
  test = await startTestCore({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [0, 1] } });
  const config = test.started.sandbox?.config;
  variables = [config?.sampleVariables[0] ?? ''];
}, 30_000);

afterAll(async () => {
  await test.close();
});


describe('a batch during an outage (every purchase answered 503)', () => {
  it('waits with the reason and a time to try again, fails no line, counts nothing unsent, and finishes by itself once the service answers', async () => {
    const { batches } = test.started.core;
    const sandbox = test.started.sandbox;
    if (sandbox === undefined) throw new Error('an embedded sandbox is expected');
    const plan = await batches.plan({ environmentId: 'sandbox', source: 'o.csv', csv: `title_number\n${worldTitles(10, [], 1300).join('\n')}\n`, variables, tenure: 'all', reuseDays: 0, concurrency: 4 });
    sandbox.setFaults([{ target: 'purchase', kind: 'status503' }]);
    const id = batches.create(plan).id;
    const done = batches.start(id);
    let during: BatchSummary | undefined;
    await waitFor(() => (during = batches.summary(id)).waiting !== null, 'the batch to wait for the service');
    if (during === undefined) throw new Error('no summary');
    expect(during.waiting?.reason).toContain('503');
    expect(during.waiting?.retryAt).toBeGreaterThan(Date.now());
    expect(during.counts).toMatchObject({ failed: 0, unknown: 0, available: 0 });
    expect(during.spent).toEqual([]);
    // While it waits one line alone tries again: a few POSTs, never the whole queue.
    const triedDuringOutage = sandbox.stats().purchase;
    expect(triedDuringOutage).toBeGreaterThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(sandbox.stats().purchase - triedDuringOutage).toBeLessThanOrEqual(1);
    expect(batches.summary(id).counts).toMatchObject({ failed: 0, unknown: 0 });
    sandbox.setFaults([]);
    await done;
    const after = batches.summary(id);
    expect(after).toMatchObject({ state: 'done', waiting: null });
    expect(after.counts).toMatchObject({ available: 10, failed: 0, unknown: 0, queued: 0 });
    expect(batches.document(id).totals).toMatchObject({ bought: 10, failed: 0 });
  }, 90_000);

  it('paused during the outage, its unsent lines stay queued, and a resume sends every one of them', async () => {
    const { batches } = test.started.core;
    const sandbox = test.started.sandbox;
    if (sandbox === undefined) throw new Error('an embedded sandbox is expected');
    const plan = await batches.plan({ environmentId: 'sandbox', source: 'p.csv', csv: `title_number\n${worldTitles(6, [], 1320).join('\n')}\n`, variables, tenure: 'all', reuseDays: 0, concurrency: 3 });
    sandbox.setFaults([{ target: 'purchase', kind: 'status503' }]);
    const id = batches.create(plan).id;
    const done = batches.start(id);
    await waitFor(() => batches.summary(id).waiting !== null, 'the batch to wait for the service');
    batches.pause(id);
    await done;
    const paused = batches.summary(id);
    expect(paused).toMatchObject({ state: 'paused', waiting: null });
    expect(paused.counts).toMatchObject({ queued: 6, failed: 0, unknown: 0 });
    sandbox.setFaults([]);
    await batches.start(id);
    expect(batches.summary(id).counts).toMatchObject({ available: 6, failed: 0, unknown: 0 });
  }, 90_000);
});
