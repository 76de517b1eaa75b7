import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BatchStore } from '../../../electron/core/batch/batch-store.ts';
import { SpendingLedger } from '../../../electron/core/spending/ledger.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let test: TestCore;

beforeAll(async () => {
  test = await startTestCore({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [0, 1] } });
}, 30_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await test.close();
});

describe('a batch\'s lines that start together', () => {
  it('have their purchase ids and estimates journaled in one commit each, before any of their intents', async () => {
    const { batches, purchases } = test.started.core;
    const variables = (test.started.sandbox?.config.sampleVariables ?? []).slice(0, 2);
    const titles = worldTitles(7, [], 1200);
    const plan = await batches.plan({ environmentId: 'sandbox', source: 'w.csv', csv: `title_number\n${titles.join('\n')}\n`, variables, tenure: 'all', reuseDays: 0, concurrency: 3 });
    const saveItems = vi.spyOn(BatchStore.prototype, 'saveItems');
    const reserve = vi.spyOn(SpendingLedger.prototype, 'reserve');
    const create = vi.spyOn(purchases, 'create');
    const id = batches.create(plan).id;
    await batches.start(id);
    // Each group as written, and when; each intent's creation, and when.
    const lineGroups = saveItems.mock.calls.map(([, items], index) => ({
      ids: items.map((item) => item.purchaseLocalId ?? ''), order: saveItems.mock.invocationCallOrder[index] ?? Infinity,
    }));
    const estimateGroups = reserve.mock.calls.map(([, estimates], index) => ({
      ids: estimates.map((estimate) => estimate.localId), order: reserve.mock.invocationCallOrder[index] ?? Infinity,
    }));
    const createdAt = new Map(create.mock.calls.map(([, , , , localId], index) => [localId, create.mock.invocationCallOrder[index] ?? -Infinity]));
    vi.restoreAllMocks();

    expect(batches.summary(id).counts.available).toBe(7);
    // The first three start together; every line is written once, in a group no larger than the limit.
    expect(lineGroups[0]?.ids).toHaveLength(3);
    expect(lineGroups.flatMap((group) => group.ids).sort()).toEqual(batches.items(id).map((item) => item.purchaseLocalId).sort());
    expect(Math.max(...lineGroups.map((group) => group.ids.length))).toBeLessThanOrEqual(3);
    expect(estimateGroups.map((group) => group.ids)).toEqual(lineGroups.map((group) => group.ids));
    for (const group of [...lineGroups, ...estimateGroups]) for (const localId of group.ids) expect(createdAt.get(localId)).toBeGreaterThan(group.order);
  }, 60_000);
});
