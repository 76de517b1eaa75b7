// The team change contract every host checks before the database: strict, money as decimal text.
import { describe, expect, it } from 'vitest';
import { isTimeZone, teamAdminChangeSchema } from '../../../../shared/team/team-admin.ts';

describe('teamAdminChangeSchema', () => {
  it.each([
    { kind: 'budget', currency: 'GBP', period: 'day', limit: '250.5' },
    { kind: 'budget', currency: 'EUR', period: 'month', limit: null },
    { kind: 'settings', reuseWindowSeconds: 0 },
    { kind: 'settings', claimTimeoutSeconds: 1, timeZone: 'UTC' },
    { kind: 'desk', name: 'Front Desk 2', active: false },
    { kind: 'desk', name: 'bob', role: 'support' },
    { kind: 'release', purchaseId: '42' },
  ])('accepts %j', (change) => {
    expect(teamAdminChangeSchema.safeParse(change).success).toBe(true);
  });

  it.each([
    { kind: 'budget', currency: 'GBP', period: 'day', limit: 250 },
    { kind: 'budget', currency: 'GBP', period: 'day', limit: '1e3' },
    { kind: 'budget', currency: 'GBP', period: 'week', limit: '1' },
    { kind: 'budget', currency: 'GB', period: 'day', limit: '1' },
    { kind: 'settings' },
    { kind: 'settings', claimTimeoutSeconds: 0 },
    { kind: 'settings', reuseWindowSeconds: -1 },
    { kind: 'settings', reuseWindowSeconds: 400 * 365 * 86_400 },
    { kind: 'settings', timeZone: 'Not/AZone' },
    { kind: 'desk', name: 'bob' },
    { kind: 'desk', name: 'a\u0007b', role: 'admin' },
    { kind: 'desk', name: 'x'.repeat(101), role: 'admin' },
    { kind: 'release', purchaseId: '-1' },
    { kind: 'release', purchaseId: 42 },
    { kind: 'release', purchaseId: '1', note: 'extra' },
    { kind: 'delete', purchaseId: '1' },
  ])('refuses %j', (change) => {
    expect(teamAdminChangeSchema.safeParse(change).success).toBe(false);
  });

  it('knows IANA time zones through Intl', () => {
    expect([isTimeZone('Europe/London'), isTimeZone('UTC'), isTimeZone('Mars/Olympus'), isTimeZone('')]).toEqual([true, true, false, false]);
  });
});
