import { describe, expect, it } from 'vitest';
import { purchaseSummarySchema, type PurchaseSummary } from '../../../../shared/purchase/purchase.ts';
import { sharePurchasesById } from '../../../../renderer/features/history/history-queries.ts';
import { purchase } from '../support/feature-api.ts';

function summary(n: number, change: Partial<PurchaseSummary> = {}): PurchaseSummary {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return { ...purchaseSummarySchema.parse(purchase({ id, purchaseId: `p-${String(n)}`, state: 'pending' })), ...change };
}

/** A page as purchase:history answers it, each time freshly parsed: no object is shared by chance. */
const page = (...purchases: PurchaseSummary[]) => structuredClone({ purchases });

describe('a History page fetched again', () => {
  it('keeps an unchanged purchase the same object when newer purchases move it down the page', () => {
    const before = page(summary(2), summary(1));
    const after = sharePurchasesById(before, page(summary(3), summary(2), summary(1))) as { purchases: PurchaseSummary[] };
    expect(after.purchases.map((item) => item.purchaseId)).toEqual(['p-3', 'p-2', 'p-1']);
    expect(after.purchases[1]).toBe(before.purchases[0]);
    expect(after.purchases[2]).toBe(before.purchases[1]);
  });

  it('gives a purchase whose summary changed a new object, with what changed', () => {
    const before = page(summary(2), summary(1));
    const after = sharePurchasesById(before, page(summary(2, { state: 'available' }), summary(1))) as { purchases: PurchaseSummary[] };
    expect(after.purchases[0]).not.toBe(before.purchases[0]);
    expect(after.purchases[0]?.state).toBe('available');
    expect(after.purchases[1]).toBe(before.purchases[1]);
  });

  it('keeps the previous page itself when nothing in it changed', () => {
    const before = page(summary(2), summary(1));
    expect(sharePurchasesById(before, page(summary(2), summary(1)))).toBe(before);
  });

  it('takes the new data as it is when either side is not a page', () => {
    const next = page(summary(1));
    expect(sharePurchasesById(undefined, next)).toEqual(next);
  });
});
