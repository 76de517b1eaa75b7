import { describe, expect, it } from 'vitest';
import { recoverInterrupted, sendableReason } from '../../../../../electron/core/purchases/recovery/recovery.ts';
import type { PurchaseRecord } from '../../../../../shared/purchase/purchase.ts';

const intent: PurchaseRecord = {
  id: '6f1c2a8e-3f4b-4c1d-9a2e-5b7c8d9e0f11', environmentId: 'sandbox', variables: ['v'], options: {}, state: 'submitting',
  autoCheck: true, createdAt: 1, updatedAt: 1, timeline: [], sendingAt: 5,
};

describe('an intent a stopped process left being sent', () => {
  it('shows the POST it may have sent to its own catalog: a title\'s, an address\'s, a UPRN\'s', () => {
    const path = (record: PurchaseRecord): string | undefined => recoverInterrupted(record).timeline.at(-1)?.path;
    expect(path({ ...intent, titleNumber: 'WYK1' })).toBe('/world/GB-eaw/titles/WYK1/catalog');
    expect(path({ ...intent, resource: { kind: 'address', key: '8e05p·0' } })).toBe('/world/GB/addresses/8e05p%C2%B70/catalog');
    expect(path({ ...intent, resource: { kind: 'spatial', key: '100023336956' } })).toBe('/world/GB/spatial/addresses/100023336956/catalog');
  });

  it('may send a not-sent address purchase, but not one that names no catalog', () => {
    const notSent = { ...intent, state: 'not_sent' as const, sendingAt: undefined };
    expect(sendableReason({ ...notSent, resource: { kind: 'address', key: '8e05p·0' } }, false)).toBeUndefined();
    expect(sendableReason(notSent, false)).toMatch(/joined the history through a check/);
  });
});
