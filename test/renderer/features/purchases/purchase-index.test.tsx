import { describe, expect, it } from 'vitest';
import { PurchaseIndex, type PurchaseEvent } from '../../../../renderer/features/purchases/purchase-index.ts';
import { purchase } from '../support/feature-api.ts';

const afterBatch = (): Promise<void> => new Promise((resolve) => { queueMicrotask(resolve); });

function idOf(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

describe('the purchase index', () => {
  it('keeps every purchase newest first as batches arrive in any order, ties by id, each batch one change', async () => {
    const settled: PurchaseEvent[] = [];
    const index = new PurchaseIndex('sandbox', (event) => { settled.push(event); });
    let changes = 0;
    index.subscribe(() => { changes += 1; });
    // Creation times out of order across and within batches, with ties at the same millisecond.
    const created = (n: number): number => 1_000 + ((n * 37) % 50) * 10;
    const batches = [[3, 1, 4], [15, 9, 2, 6], [5, 35, 8, 7, 12], [20, 11, 30]];
    for (const batch of batches) {
      for (const n of batch) index.accept(purchase({ id: idOf(n), createdAt: created(n) }), false);
      // Taken in again within the batch: still one entry.
      const [first = 0] = batch;
      index.accept(purchase({ id: idOf(first), createdAt: created(first) }), false);
      await afterBatch();
    }
    const all = batches.flat();
    const expected = [...all].sort((a, b) => created(b) - created(a) || (idOf(a) < idOf(b) ? 1 : -1)).map(idOf);
    expect(index.ids()).toEqual(expected);
    expect(changes).toBe(batches.length);
    // Another environment's purchase is not listed; a state change is reported, not re-ordered.
    index.accept(purchase({ id: idOf(99), environmentId: 'other', createdAt: 9_999 }), false);
    index.accept(purchase({ id: idOf(4), createdAt: created(4), state: 'available' }), false);
    await afterBatch();
    expect(index.ids()).toEqual(expected);
    expect(changes).toBe(batches.length);
    expect(settled.map((event) => [event.id, event.from])).toEqual([[idOf(4), 'pending']]);
  });
});
