// Who may do what, tried as real login roles: a desk reads its team's rows only, writes only
// through the functions, records only its own purchases, and support cannot buy.
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamStore } from '../../../electron/core/team/team-store.ts';
import { teamServerMissing, teamSkipReason } from '../support/team-db.ts';
import { openDesk, rawDesk, type SeededTeam } from '../support/team-fixture.ts';
import { startTeamSuite, type TeamSuite } from '../support/team-suite.ts';

const lines = [
  { variable: 'https://api.example/vars/WhenFresh/Property#Dwelling/Rooms/Bathrooms/Bathroom Count (1⋯5+)', price: '1.2500' },
  { variable: 'https://api.example/vars/WhenFresh/Property#Dwelling/Rooms/Bedrooms', price: '0.7500' },
];

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'team row-level security as real logins', () => {
  let suite: TeamSuite;
  let other: SeededTeam;
  const raws: postgres.Sql[] = [];
  let alice: TeamStore;
  let bob: TeamStore;
  let support: TeamStore;
  let outsider: TeamStore;
  let purchaseId: string;

  beforeAll(async () => {
    suite = await startTeamSuite('north', { alice: 'analyst', bob: 'analyst', helen: 'support' });
    other = await suite.seed('south', { zoe: 'analyst' });
    [alice, bob, support, outsider] = await Promise.all([suite.open('alice'), suite.open('bob'), suite.open('helen'), suite.open('zoe', other)]);
    const begun = await alice.begin({ environment: 'live', localId: 'a-1', resourceKind: 'title', resource: 'DN123456', lines, currency: 'GBP' });
    if (begun.outcome !== 'begun') throw new Error(`expected a begin, got ${begun.outcome}`);
    purchaseId = begun.purchase.purchaseId;
  });
  afterAll(async () => {
    await Promise.all(raws.map((raw) => raw.end()));
    await suite.close();
  });

  function raw(desk: string, seeded = suite.team): postgres.Sql {
    const sql = rawDesk(suite.database.url, seeded, desk);
    raws.push(sql);
    return sql;
  }

  it('knows each desk by its own login', () => {
    expect([alice.desk.name, alice.desk.role, support.desk.role]).toEqual(['alice', 'analyst', 'support']);
  });

  it("another desk's update of a purchase affects 0 rows and changes nothing", async () => {
    expect(await bob.record({ purchaseId, state: 'available', answers: { forged: true }, accepted: true })).toBeNull();
    const seen = await bob.purchase(purchaseId);
    expect(seen?.state).toBe('submitting');
    expect(seen?.answers).toEqual({});
    expect(seen?.deskName).toBe('alice');
  });

  it('gives desks no INSERT, UPDATE or DELETE on any table, even on their own rows', async () => {
    const sql = raw('alice');
    await expect(sql`UPDATE titledesk.purchases SET cost = 0 WHERE id = ${purchaseId}`).rejects.toMatchObject({ code: '42501' });
    await expect(sql`UPDATE titledesk.budgets SET spent = 0`).rejects.toMatchObject({ code: '42501' });
    await expect(sql`DELETE FROM titledesk.claims`).rejects.toMatchObject({ code: '42501' });
    await expect(sql`INSERT INTO titledesk.teams (name) VALUES ('mine')`).rejects.toMatchObject({ code: '42501' });
    await expect(sql`SELECT titledesk.held_by(1, 'live', 'title', 'DN123456', ARRAY['x'])`).rejects.toMatchObject({ code: '42501' });
  });

  it('shows another team 0 rows', async () => {
    const sql = raw('zoe', other);
    const counts = await sql<{ purchases: string; claims: string; budgets: string; desks: string; teams: string }[]>`
      SELECT (SELECT count(*) FROM titledesk.purchases)::text AS purchases, (SELECT count(*) FROM titledesk.claims)::text AS claims,
             (SELECT count(*) FROM titledesk.budgets)::text AS budgets, (SELECT count(*) FROM titledesk.desks)::text AS desks,
             (SELECT count(*) FROM titledesk.teams)::text AS teams`;
    expect(counts[0]).toEqual({ purchases: '0', claims: '0', budgets: '0', desks: '2', teams: '1' });
    expect(await outsider.purchase(purchaseId)).toBeUndefined();
    expect(await outsider.record({ purchaseId, state: 'failed' })).toBeNull();
    // The other team claims the same title's variables freely: claims are per team.
    const theirs = await outsider.begin({ environment: 'live', localId: 'z-1', resourceKind: 'title', resource: 'DN123456', lines, currency: 'GBP' });
    expect(theirs.outcome).toBe('begun');
  });

  it('lets support see and look up every team purchase, but not begin one', async () => {
    expect((await support.purchase(purchaseId))?.localId).toBe('a-1');
    expect((await support.purchasesOf('DN123456')).map((p) => p.id)).toEqual([purchaseId]);
    await expect(support.begin({ environment: 'live', localId: 's-1', resourceKind: 'title', resource: 'AB1', lines, currency: 'GBP' }))
      .rejects.toMatchObject({ code: 'unauthorized', message: expect.stringContaining('a support desk may not do this') as unknown });
    await expect(raw('helen')`SELECT titledesk.begin_purchase('live', 's-2', 'title', 'AB1', ARRAY['v'], ARRAY[1]::numeric[], 'GBP')`).rejects.toMatchObject({ code: '42501' });
  });

  it('lets only an admin change budgets, the reuse window and desks', async () => {
    await expect(alice.setBudget('GBP', 'day', '10')).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(support.setTeamSettings({ reuseWindowSeconds: 60 })).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(bob.setDesk('alice', { active: false })).rejects.toMatchObject({ code: 'unauthorized' });
    const admin = await suite.open('admin');
    await admin.setTeamSettings({ reuseWindowSeconds: 7 * 86_400, timeZone: 'America/New_York' });
    expect(await admin.settings()).toMatchObject({ reuseWindowSeconds: 604_800, timeZone: 'America/New_York' });
    await expect(admin.setTeamSettings({ timeZone: 'Mars/Olympus' })).rejects.toMatchObject({ code: 'validation' });
    await expect(admin.setDesk('admin', { role: 'analyst' })).rejects.toMatchObject({ code: 'validation' });
    // An admin cannot reach another team's desk either.
    await expect(admin.setDesk('zoe', { active: false })).rejects.toMatchObject({ code: 'validation' });
  });

  it('keeps a settled purchase read-only, even for its own desk', async () => {
    expect(await alice.record({ purchaseId, state: 'pending', servicePurchaseId: 'p-1', answers: { location: '/purchases/p-1' } })).toMatch(/^\d+$/);
    expect(await alice.record({ purchaseId, state: 'available', answers: { values: ['3'] } })).toMatch(/^\d+$/);
    await expect(alice.record({ purchaseId, state: 'pending' })).rejects.toMatchObject({ code: 'validation', message: expect.stringContaining('is settled') as unknown });
    await expect(alice.releaseUnaccepted(purchaseId, 'cancelled')).rejects.toMatchObject({ code: 'validation' });
    const settled = await bob.purchase(purchaseId);
    expect(settled).toMatchObject({ state: 'available', accepted: true, servicePurchaseId: 'p-1', answers: { values: ['3'] }, cost: '2.0000' });
    expect(settled?.settledAt).toBeInstanceOf(Date);
  });

  it('refuses a login that is not a desk, and a disabled desk', async () => {
    const admin = await suite.open('admin');
    await admin.setDesk('bob', { active: false });
    await expect(openDesk(suite.database.url, suite.team, 'bob')).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(bob.begin({ environment: 'live', localId: 'b-9', resourceKind: 'title', resource: 'AB1', lines, currency: 'GBP' })).rejects.toMatchObject({ code: 'unauthorized' });
    await admin.setDesk('bob', { active: true });
  });
});
