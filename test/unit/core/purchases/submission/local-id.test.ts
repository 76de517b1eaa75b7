import { describe, expect, it } from 'vitest';
import { purchaseRecordSchema } from '../../../../../shared/purchase/purchase.ts';
import { newLocalId } from '../../../../../electron/core/purchases/submission/local-id.ts';

describe('new purchase ids', () => {
  it('are version 7 UUIDs the record schema accepts, rising in the order they are made, even within a millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => newLocalId());
    for (const id of ids.slice(0, 100)) {
      expect(purchaseRecordSchema.shape.id.safeParse(id).success).toBe(true);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carry the time they were made in their first 48 bits', () => {
    const before = Date.now();
    const id = newLocalId();
    const at = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(at).toBeGreaterThanOrEqual(before);
    // Ahead of the clock by at most the milliseconds borrowed for the 10,000 ids above (4,096 per millisecond).
    expect(at).toBeLessThanOrEqual(Date.now() + 3);
  });
});
