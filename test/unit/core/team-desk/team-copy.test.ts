import { describe, expect, it } from 'vitest';
import { decimalPrice } from '../../../../electron/core/team-desk/team-prices.ts';
import { acceptedByService, localCopyOf, refusedBeforeAccepted, teamUpdateOf } from '../../../../electron/core/team-desk/team-copy.ts';
import type { TeamPurchase } from '../../../../electron/core/team/team-rows.ts';
import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';

const record = (fields: Partial<PurchaseRecord> = {}): PurchaseRecord => ({
  id: '01a234ca-86bd-7000-9061-5b4aecbd8f14', environmentId: 'sandbox', titleNumber: 'DN1', variables: ['https://x/vars/A#B/C'],
  options: {}, state: 'submitting', autoCheck: true, createdAt: 1, updatedAt: 2, timeline: [], team: { purchaseId: '7', desk: 'alice' }, ...fields,
});

const row = (fields: Partial<TeamPurchase> = {}): TeamPurchase => ({
  id: '7', deskId: '2', deskName: 'alice', environment: 'http://127.0.0.1:9', localId: '01a234ca-86bd-7000-9061-5b4aecbd8f14', resourceKind: 'title',
  resource: 'DN1', variables: ['https://x/vars/A#B/C'], prices: ['1.2500'], state: 'submitting', cost: '1.2500', currency: 'GBP', answers: null,
  servicePurchaseId: null, accepted: false, budgetReleased: false, createdAt: new Date(1000), updatedAt: new Date(2000), settledAt: null, seq: '9', ...fields,
});

describe('team prices', () => {
  it('writes catalog prices as exact 4-place decimals and refuses what would be rounded', () => {
    expect(decimalPrice({ value: 1.25, currency: 'GBP' })).toBe('1.2500');
    expect(decimalPrice({ value: 0.1 + 0.2, currency: 'GBP' })).toBe('0.3000');
    expect(decimalPrice({ value: 12, currency: 'GBP' })).toBe('12.0000');
    expect(decimalPrice({ value: 0.0001, currency: 'GBP' })).toBe('0.0001');
    expect(() => decimalPrice({ value: 0.00005, currency: 'GBP' })).toThrow(/at most 4 decimal places/);
    expect(() => decimalPrice({ value: -1, currency: 'GBP' })).toThrow();
  });
});

describe('what a desk writes to its team', () => {
  it('gives money back only for a purchase the service never took', () => {
    expect(refusedBeforeAccepted(record({ state: 'not_sent' }))).toBe('cancelled');
    expect(refusedBeforeAccepted(record({ state: 'cancelled' }))).toBe('cancelled');
    expect(refusedBeforeAccepted(record({ state: 'failed', sendingAt: 5, error: { code: 'unprocessable', message: '422' } }))).toBe('failed');
    // A 5xx or an unknown outcome may have been charged; an accepted one was.
    expect(refusedBeforeAccepted(record({ state: 'failed', sendingAt: 5, error: { code: 'server_error', message: '500' } }))).toBeUndefined();
    expect(refusedBeforeAccepted(record({ state: 'outcome_unknown', sendingAt: 5 }))).toBeUndefined();
    expect(refusedBeforeAccepted(record({ state: 'cancelled', sendingAt: 5, resultUrl: 'https://x/purchases/1' }))).toBeUndefined();
    expect(acceptedByService(record({ state: 'failed', resultUrl: 'https://x/purchases/1' }))).toBe(true);
  });

  it('sends its record as the answers, without which process sent it', () => {
    const update = teamUpdateOf(record({ state: 'available', purchaseId: 'p1', sender: '01a234ca-86bd-7000-9061-5b4aecbd8f15' }), { member: [] });
    expect(update).toMatchObject({ purchaseId: '7', state: 'available', servicePurchaseId: 'p1', accepted: true });
    expect(JSON.stringify(update?.answers)).not.toContain('sender');
    expect(update?.answers).toMatchObject({ result: '{"member":[]}' });
    expect(teamUpdateOf(record({ state: 'submitting' }), undefined)).toBeUndefined();
  });
});

describe("another desk's purchase in this journal", () => {
  it('is built from the row before its desk wrote answers, as an imported copy', () => {
    const copy = localCopyOf(row(), 'sandbox');
    expect(copy?.record).toMatchObject({ id: row().localId, environmentId: 'sandbox', titleNumber: 'DN1', state: 'submitting', imported: true, autoCheck: false, team: { purchaseId: '7', desk: 'alice' } });
  });

  it("takes the desk's own record once written, with the row's state", () => {
    const answers = { record: record({ state: 'pending', purchaseId: 'p1' }), result: '{}' };
    const copy = localCopyOf(row({ state: 'cancelled', answers }), undefined);
    expect(copy?.record).toMatchObject({ state: 'cancelled', purchaseId: 'p1', imported: true, environmentId: 'sandbox' });
    expect(copy?.result).toBe('{}');
  });

  it('is left out when its local id cannot be a record id', () => {
    expect(localCopyOf(row({ localId: 'not-a-uuid' }), 'sandbox')).toBeUndefined();
  });
});
