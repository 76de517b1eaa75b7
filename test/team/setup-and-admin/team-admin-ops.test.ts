// The team's administration through the core ops, as real desk logins: an admin sets budgets,
// settings and desks; an analyst is refused each; support releases a dead desk's claim only after
// the claim timeout, and the overview lists it while it waits.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CoreError } from '../../../electron/core/errors.ts';
import { applyTeamAdminChange, readTeamAdminOverview } from '../../../electron/core/team-join/team-admin-ops.ts';
import type { TeamStore } from '../../../electron/core/team/team-store.ts';
import { isReleasable, type TeamAdminChange } from '../../../shared/team/team-admin.ts';
import { teamServerMissing, teamSkipReason } from '../support/team-db.ts';
import { startTeamSuite, type TeamSuite } from '../support/team-suite.ts';

const lines = [{ variable: 'https://api.example/vars/WhenFresh/Property#Dwelling/Rooms/Bedrooms', price: '0.7500' }];

async function refusedWith(work: Promise<unknown>): Promise<CoreError> {
  const error: unknown = await work.then(() => undefined, (thrown: unknown) => thrown);
  if (!(error instanceof CoreError)) throw new Error(`expected a CoreError, got ${String(error)}`);
  return error;
}

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'team administration ops as real logins', () => {
  let suite: TeamSuite;
  let admin: TeamStore;
  let alice: TeamStore;
  let helen: TeamStore;

  beforeAll(async () => {
    suite = await startTeamSuite('admin-ops', { alice: 'analyst', helen: 'support', bob: 'analyst' });
    [admin, alice, helen] = await Promise.all([suite.open('admin'), suite.open('alice'), suite.open('helen')]);
  });
  afterAll(() => suite.close());

  it('an admin sets a budget, the settings and a desk', async () => {
    await applyTeamAdminChange(admin, { kind: 'budget', currency: 'GBP', period: 'day', limit: '250.50' });
    await applyTeamAdminChange(admin, { kind: 'budget', currency: 'EUR', period: 'month', limit: '1000' });
    await applyTeamAdminChange(admin, { kind: 'settings', reuseWindowSeconds: 7 * 86_400, claimTimeoutSeconds: 600, timeZone: 'Europe/Paris' });
    await applyTeamAdminChange(admin, { kind: 'desk', name: 'bob', role: 'support', active: false });
    const overview = await readTeamAdminOverview(admin);
    expect(overview.desk).toEqual({ name: 'admin', role: 'admin' });
    expect(overview.team).toEqual({ name: suite.team.name, reuseWindowSeconds: 604_800, claimTimeoutSeconds: 600, timeZone: 'Europe/Paris' });
    expect(overview.limits).toEqual([{ currency: 'EUR', period: 'month', limit: '1000.0000' }, { currency: 'GBP', period: 'day', limit: '250.5000' }]);
    expect(overview.desks).toEqual([
      { name: 'admin', role: 'admin', active: true },
      { name: 'alice', role: 'analyst', active: true },
      { name: 'bob', role: 'support', active: false },
      { name: 'helen', role: 'support', active: true },
    ]);
    await applyTeamAdminChange(admin, { kind: 'budget', currency: 'EUR', period: 'month', limit: null });
    await applyTeamAdminChange(admin, { kind: 'desk', name: 'bob', active: true });
    const after = await readTeamAdminOverview(admin);
    // Nothing waits, and the database's clock still comes back (this machine's, within a moment).
    expect(after.waiting).toEqual([]);
    expect(Math.abs(after.clock.databaseNow - after.clock.readAt)).toBeLessThan(5_000);
    expect(after.limits.map((limit) => limit.currency)).toEqual(['GBP']);
    expect(after.desks.find((desk) => desk.name === 'bob')?.active).toBe(true);
  });

  it('an analyst is refused every admin change, in words', async () => {
    const changes: TeamAdminChange[] = [
      { kind: 'budget', currency: 'GBP', period: 'day', limit: '1' },
      { kind: 'settings', reuseWindowSeconds: 60 },
      { kind: 'settings', claimTimeoutSeconds: 60 },
      { kind: 'settings', timeZone: 'UTC' },
      { kind: 'desk', name: 'bob', role: 'admin' },
      { kind: 'desk', name: 'bob', active: false },
      { kind: 'release', purchaseId: '1' },
    ];
    for (const change of changes) {
      const error = await refusedWith(applyTeamAdminChange(alice, change));
      expect(error.code).toBe('unauthorized');
      expect(error.message).toMatch(/needs an? (admin|support or admin) desk: this desk \(alice\) is an analyst desk/);
    }
    expect((await readTeamAdminOverview(admin)).team.timeZone).toBe('Europe/Paris');
  });

  it('support may not change budgets either', async () => {
    const error = await refusedWith(applyTeamAdminChange(helen, { kind: 'budget', currency: 'GBP', period: 'day', limit: '1' }));
    expect([error.code, error.message]).toEqual(['unauthorized', 'Setting a budget limit needs an admin desk: this desk (helen) is a support desk of its team.']);
  });

  it('refuses bad changes before the database and names an unknown desk', async () => {
    const bad = [
      { kind: 'budget', currency: 'gbp', period: 'day', limit: '1' },
      { kind: 'budget', currency: 'GBP', period: 'week', limit: '1' },
      { kind: 'budget', currency: 'GBP', period: 'day', limit: '1.23456' },
      { kind: 'budget', currency: 'GBP', period: 'day', limit: 1 },
      { kind: 'settings' },
      { kind: 'settings', claimTimeoutSeconds: 0 },
      { kind: 'settings', reuseWindowSeconds: 1.5 },
      { kind: 'settings', timeZone: 'Mars/Olympus' },
      { kind: 'desk', name: 'bob' },
      { kind: 'desk', name: '', role: 'admin' },
      { kind: 'release', purchaseId: '12a' },
      { kind: 'release', purchaseId: '1', extra: true },
    ];
    for (const change of bad) expect((await refusedWith(applyTeamAdminChange(admin, change as TeamAdminChange))).code).toBe('validation');
    const unknown = await refusedWith(applyTeamAdminChange(admin, { kind: 'desk', name: 'nobody', role: 'support' }));
    expect([unknown.code, unknown.message]).toEqual(['not_found', 'The team has no desk named "nobody".']);
    const self = await refusedWith(applyTeamAdminChange(admin, { kind: 'desk', name: 'admin', role: 'analyst' }));
    expect(self.message).toMatch(/cannot demote or disable itself/);
    const missing = await refusedWith(applyTeamAdminChange(helen, { kind: 'release', purchaseId: '999999' }));
    expect([missing.code, missing.message]).toEqual(['not_found', 'The team has no purchase 999999.']);
  });

  it('support releases a waiting purchase only after the claim timeout, and the overview lists it until then', async () => {
    await applyTeamAdminChange(admin, { kind: 'settings', claimTimeoutSeconds: 1 });
    const begun = await alice.begin({ environment: 'live', localId: 'dead-1', resourceKind: 'title', resource: 'DN100', lines, currency: 'GBP' });
    if (begun.outcome !== 'begun') throw new Error(`expected a begin, got ${begun.outcome}`);
    const purchaseId = begun.purchase.purchaseId;

    const early = await refusedWith(applyTeamAdminChange(helen, { kind: 'release', purchaseId }));
    expect(early.code).toBe('validation');
    expect(early.message).toMatch(new RegExp(`^Team purchase ${purchaseId} may still be on its way: desk alice last reported at \\d\\d:\\d\\d:\\d\\d, and it becomes releasable at \\d\\d:\\d\\d:\\d\\d \\(\\d{4}-`));

    const overview = await readTeamAdminOverview(helen);
    expect(overview.desk).toEqual({ name: 'helen', role: 'support' });
    const [waiting] = overview.waiting;
    expect(overview.waiting).toHaveLength(1);
    expect(waiting).toMatchObject({ purchaseId, desk: 'alice', resourceKind: 'title', resource: 'DN100', variables: [lines[0]?.variable] });
    expect((waiting?.releasableAt ?? 0) - (waiting?.lastReportAt ?? 0)).toBe(1000);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, (waiting?.releasableAt ?? 0) - Date.now()) + 1500));
    await applyTeamAdminChange(helen, { kind: 'release', purchaseId });
    expect((await helen.purchase(purchaseId))?.state).toBe('outcome_unknown');
    expect((await readTeamAdminOverview(helen)).waiting).toEqual([]);
    const again = await refusedWith(applyTeamAdminChange(helen, { kind: 'release', purchaseId }));
    expect(again.message).toMatch(/is outcome_unknown, not submitting/);
  });

  it('judges a release by the database\'s clock when this computer\'s is minutes ahead', async () => {
    await applyTeamAdminChange(admin, { kind: 'settings', claimTimeoutSeconds: 600 });
    const begun = await alice.begin({ environment: 'live', localId: 'skewed-1', resourceKind: 'title', resource: 'DN300', lines, currency: 'GBP' });
    if (begun.outcome !== 'begun') throw new Error(`expected a begin, got ${begun.outcome}`);
    // This computer's clock 11 minutes ahead: past the 10-minute claim timeout here, not by the database.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    try {
      const overview = await readTeamAdminOverview(helen);
      const waiting = overview.waiting.find((item) => item.purchaseId === begun.purchase.purchaseId);
      if (waiting === undefined) throw new Error('expected the purchase to wait');
      expect(overview.clock.readAt - overview.clock.databaseNow).toBeGreaterThan(10 * 60_000);
      expect(Date.now()).toBeGreaterThan(waiting.releasableAt);
      expect(isReleasable(waiting, overview.clock, Date.now())).toBe(false);
      expect(isReleasable(waiting, overview.clock, Date.now() + 10 * 60_000)).toBe(true);
      const early = await refusedWith(applyTeamAdminChange(helen, { kind: 'release', purchaseId: begun.purchase.purchaseId }));
      expect(early.message).toMatch(/may still be on its way/);
    } finally {
      vi.useRealTimers();
    }
  });
});
