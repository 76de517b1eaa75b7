import { describe, expect, it } from 'vitest';
import { createPurchaseWatch } from '../../../electron/main/shell/purchase-notices.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';

let n = 0;
function record(overrides: Partial<PurchaseRecord>): PurchaseRecord {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    environmentId: 'sandbox', titleNumber: 'WYK638009', variables: ['a', 'b'], options: {}, state: 'pending', autoCheck: true,
    createdAt: 1, updatedAt: 1, timeline: [], purchaseId: `p-${String(n)}`, ...overrides,
  };
}

describe('purchase notices and the badge count', () => {
  it('announces a followed purchase that completes while the window is not focused, and counts pending ones', () => {
    const watch = createPurchaseWatch();
    const a = record({ state: 'submitting', purchaseId: undefined });
    const b = record({ state: 'pending' });
    expect(watch.update([a, b], false)).toEqual([]);
    expect(watch.pendingCount).toBe(2);
    const aPending = { ...a, state: 'pending' as const, purchaseId: 'p-a' };
    expect(watch.update([aPending], false)).toEqual([]);
    const done = { ...aPending, state: 'available' as const, items: [] };
    expect(watch.update([done], false)).toEqual([{ title: 'Title WYK638009: data available', body: '0 variables received.', reference: 'p-a' }]);
    expect(watch.pendingCount).toBe(1);
  });

  it("never announces nor counts another desk's purchase", () => {
    const watch = createPurchaseWatch();
    const theirs = record({ state: 'pending', imported: true, team: { purchaseId: '7', desk: 'alpha' } });
    watch.seed([{ ...theirs, id: '00000000-0000-4000-8000-0000000000ff' }]);
    watch.update([theirs], false);
    expect(watch.pendingCount).toBe(0);
    expect(watch.update([{ ...theirs, state: 'available', items: [] }], false)).toEqual([]);
  });

  it('says why a purchase failed, and warns of an unknown outcome', () => {
    const watch = createPurchaseWatch();
    const a = record({});
    const b = record({ titleNumber: undefined, purchaseId: 'p-zz' });
    watch.update([a, b], true);
    const notices = watch.update([
      { ...a, state: 'failed', error: { code: 'service_unavailable', message: 'The service is unavailable (HTTP 503).' } },
      { ...b, state: 'outcome_unknown' },
    ], false);
    expect(notices).toEqual([
      { title: 'Title WYK638009: purchase failed', body: 'The service is unavailable (HTTP 503).', reference: a.purchaseId },
      { title: 'Purchase p-zz: outcome unknown', body: 'It may or may not have been bought; check it before buying again.', reference: 'p-zz' },
    ]);
    expect(watch.pendingCount).toBe(0);
  });

  it('stays quiet while the window is focused, for cancellations, and for purchases never seen in flight', () => {
    const watch = createPurchaseWatch();
    const a = record({});
    const b = record({});
    watch.update([a, b], false);
    expect(watch.update([{ ...a, state: 'available' }], true)).toEqual([]);
    expect(watch.update([{ ...b, state: 'cancelled' }], false)).toEqual([]);
    // A lookup answered at once, and a second update of an already settled purchase.
    expect(watch.update([record({ state: 'available' })], false)).toEqual([]);
    expect(watch.update([{ ...a, state: 'available', updatedAt: 9 }], false)).toEqual([]);
  });

  it('counts journaled pending purchases from the start without announcing them', () => {
    const watch = createPurchaseWatch();
    const resumed = record({});
    watch.seed([resumed, record({ state: 'available' })]);
    expect(watch.pendingCount).toBe(1);
    expect(watch.update([{ ...resumed, state: 'available' }], false)).toHaveLength(1);
    expect(watch.pendingCount).toBe(0);
  });
});
