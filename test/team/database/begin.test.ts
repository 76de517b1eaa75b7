// begin_purchase and what follows it, one desk at a time: claims, reuse, the budget rows, money
// going back only for purchases the service never accepted, and a dead desk's claim released.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamBeginInput, TeamStore } from '../../../electron/core/team/team-store.ts';
import { teamServerMissing, teamSkipReason } from '../support/team-db.ts';
import { startTeamSuite, type TeamSuite } from '../support/team-suite.ts';

const v = (name: string): string => `https://api.example/vars/WhenFresh/Property#Dwelling/${name}`;
/** numeric(20,4) as text in 1/10,000 units: the comparison stays exact. */
const minor = (amount: string | undefined): bigint => BigInt((amount ?? 'x').replace('.', ''));
let counter = 0;
function purchase(resource: string, prices: Readonly<Record<string, string>>, currency = 'GBP'): TeamBeginInput {
  counter += 1;
  return { environment: 'live', localId: `local-${String(counter)}`, resourceKind: 'title', resource, currency, lines: Object.entries(prices).map(([name, price]) => ({ variable: v(name), price })) };
}

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'team purchases begin, settle and release', () => {
  let suite: TeamSuite;
  let alice: TeamStore;
  let bob: TeamStore;
  let support: TeamStore;
  let admin: TeamStore;
  let superuser: postgres.Sql;

  beforeAll(async () => {
    suite = await startTeamSuite('begin', { alice: 'analyst', bob: 'analyst', helen: 'support' });
    [alice, bob, support, admin] = await Promise.all([suite.open('alice'), suite.open('bob'), suite.open('helen'), suite.open('admin')]);
    superuser = postgres(suite.database.url, { max: 1, onnotice: () => undefined });
  });
  afterAll(async () => {
    await superuser.end();
    await suite.close();
  });

  async function spent(currency = 'GBP'): Promise<Record<string, string>> {
    return Object.fromEntries((await admin.budgets()).rows.filter((row) => row.currency === currency).map((row) => [row.period, row.spent]));
  }

  it('claims only what no one holds, and says who holds the rest', async () => {
    const first = await alice.begin(purchase('T1', { a: '1.0000', b: '2.5000' }));
    expect(first).toMatchObject({ outcome: 'begun', purchase: { state: 'submitting', cost: '3.5000', variables: [v('a'), v('b')] }, held: [] });
    const second = await bob.begin(purchase('T1', { b: '2.5000', c: '0.1000' }));
    if (second.outcome !== 'begun' || first.outcome !== 'begun') throw new Error('expected two begins');
    expect(second.purchase).toMatchObject({ cost: '0.1000', variables: [v('c')] });
    expect(second.held).toEqual([expect.objectContaining({ variable: v('b'), purchaseId: first.purchase.purchaseId, desk: 'alice', state: 'submitting' })]);
    expect(await bob.begin(purchase('T1', { a: '1', b: '2.5' }))).toMatchObject({ outcome: 'all_held', held: [{ variable: v('a') }, { variable: v('b') }] });
    expect(await spent()).toEqual({ day: '3.6000', month: '3.6000' });
  });

  it('finds the first begin when the same local id begins again', async () => {
    const input = purchase('T2', { a: '1' });
    const first = await alice.begin(input);
    const again = await alice.begin(input);
    expect(again.outcome).toBe('existing');
    if (first.outcome !== 'begun' || again.outcome !== 'existing') throw new Error('unexpected outcomes');
    expect(again.purchase.purchaseId).toBe(first.purchase.purchaseId);
    expect(await spent()).toEqual({ day: '4.6000', month: '4.6000' });
  });

  it('refuses over the day limit, claims nothing, and buys once the limit allows', async () => {
    await admin.setBudget('GBP', 'day', '5.0000');
    const input = purchase('T3', { a: '0.3000', b: '0.2000' });
    const refused = await alice.begin(input);
    expect(refused).toEqual({ outcome: 'budget_refused', refusal: { period: 'day', periodStart: expect.any(String) as unknown, currency: 'GBP', cost: '0.5000', limit: '5.0000', spent: '4.6000' } });
    const claims = await superuser`SELECT count(*)::int AS n FROM titledesk.claims WHERE resource = 'T3'`;
    expect(claims[0]?.['n']).toBe(0);
    expect(await spent()).toEqual({ day: '4.6000', month: '4.6000' });
    // Exactly up to the limit is allowed.
    expect((await alice.begin(purchase('T3', { a: '0.3000', b: '0.1000' }))).outcome).toBe('begun');
    expect(await spent()).toEqual({ day: '5.0000', month: '5.0000' });
    expect((await bob.begin(purchase('T4', { z: '0.0001' }))).outcome).toBe('budget_refused');
    await admin.setBudget('GBP', 'month', '5.0000');
    await admin.setBudget('GBP', 'day', null);
    expect(await bob.begin(purchase('T4', { z: '0.0001' }))).toMatchObject({ outcome: 'budget_refused', refusal: { period: 'month' } });
    // Refused by the month after the day allowed it: the day's row is given back, no claim is kept.
    expect(await spent()).toEqual({ day: '5.0000', month: '5.0000' });
    const monthRefused = await superuser`SELECT count(*)::int AS n FROM titledesk.claims WHERE resource = 'T4'`;
    expect(monthRefused[0]?.['n']).toBe(0);
    await admin.setBudget('GBP', 'month', null);
    // Another currency has rows of its own.
    expect((await bob.begin(purchase('T4', { z: '0.0001' }, 'EUR'))).outcome).toBe('begun');
    expect(await spent('EUR')).toEqual({ day: '0.0001', month: '0.0001' });
  });

  it('gives the money back only for a purchase the service never accepted', async () => {
    const begun = await alice.begin(purchase('T5', { a: '1.2345' }));
    if (begun.outcome !== 'begun') throw new Error('expected a begin');
    const before = await spent();
    await expect(bob.releaseUnaccepted(begun.purchase.purchaseId, 'failed')).resolves.toBeNull();
    expect(await alice.releaseUnaccepted(begun.purchase.purchaseId, 'failed')).toMatch(/^\d+$/);
    expect(minor(before['day']) - minor((await spent())['day'])).toBe(12_345n);
    expect((await alice.purchase(begun.purchase.purchaseId))).toMatchObject({ state: 'failed', budgetReleased: true });
    // Its claim is free at once.
    expect((await bob.begin(purchase('T5', { a: '1.2345' }))).outcome).toBe('begun');

    const accepted = await alice.begin(purchase('T6', { a: '2' }));
    if (accepted.outcome !== 'begun') throw new Error('expected a begin');
    await alice.record({ purchaseId: accepted.purchase.purchaseId, state: 'pending', accepted: true });
    await expect(alice.releaseUnaccepted(accepted.purchase.purchaseId, 'cancelled')).rejects.toMatchObject({ code: 'validation', message: expect.stringContaining('its cost stays spent') as unknown });
    // Failed after the service accepted it: the claim is free, the money stays spent.
    const kept = await spent();
    await alice.record({ purchaseId: accepted.purchase.purchaseId, state: 'failed' });
    expect(await spent()).toEqual(kept);
    expect((await bob.begin(purchase('T6', { a: '2' }))).outcome).toBe('begun');
  });

  it('reuses a delivered variable within the reuse window, and buys again after it', async () => {
    const begun = await alice.begin(purchase('T7', { a: '1' }));
    if (begun.outcome !== 'begun') throw new Error('expected a begin');
    await alice.record({ purchaseId: begun.purchase.purchaseId, state: 'available', answers: { value: '4' } });
    expect((await bob.begin(purchase('T7', { a: '1' }))).outcome).toBe('all_held');
    await superuser`UPDATE titledesk.claims SET claimed_at = claimed_at - interval '31 days' WHERE resource = 'T7'`;
    expect((await bob.begin(purchase('T7', { a: '1' }))).outcome).toBe('begun');
  });

  it('never lets age alone take a claim still in flight before the claim timeout', async () => {
    await admin.setTeamSettings({ reuseWindowSeconds: 0 });
    const begun = await alice.begin(purchase('T8', { a: '1' }));
    if (begun.outcome !== 'begun') throw new Error('expected a begin');
    expect((await bob.begin(purchase('T8', { a: '1' }))).outcome).toBe('all_held');
    await admin.setTeamSettings({ reuseWindowSeconds: 30 * 86_400 });
  });

  it("lets support release a dead desk's claim after the claim timeout, keeping its cost", async () => {
    const begun = await alice.begin(purchase('T9', { a: '3' }));
    if (begun.outcome !== 'begun') throw new Error('expected a begin');
    const id = begun.purchase.purchaseId;
    await expect(support.releaseStaleClaim(id)).rejects.toMatchObject({ code: 'validation', message: expect.stringContaining('may still be on its way') as unknown });
    await expect(bob.releaseStaleClaim(id)).rejects.toMatchObject({ code: 'unauthorized' });
    await admin.setTeamSettings({ claimTimeoutSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const kept = await spent();
    expect(await support.releaseStaleClaim(id)).toMatch(/^\d+$/);
    expect(await alice.purchase(id)).toMatchObject({ state: 'outcome_unknown', budgetReleased: false });
    expect(await spent()).toEqual(kept);
    expect((await bob.begin(purchase('T9', { a: '3' }))).outcome).toBe('begun');
    // The desk that comes back still reports its purchase's end.
    expect(await alice.record({ purchaseId: id, state: 'available', accepted: true })).toMatch(/^\d+$/);
    await admin.setTeamSettings({ claimTimeoutSeconds: 900 });
  });

  it('refuses bad input with a clear message before anything is sent', async () => {
    await expect(alice.begin({ ...purchase('T10', { a: '1.23456' }) })).rejects.toMatchObject({ code: 'validation', message: expect.stringContaining('at most 4 places') as unknown });
    await expect(alice.begin({ ...purchase('T10', { a: '1' }), currency: 'gbp' })).rejects.toMatchObject({ code: 'validation' });
    await expect(alice.begin({ ...purchase('T10', {}) })).rejects.toMatchObject({ code: 'validation' });
    const twice = purchase('T10', { a: '1' });
    await expect(alice.begin({ ...twice, lines: [...twice.lines, ...twice.lines] })).rejects.toMatchObject({ code: 'validation', message: expect.stringContaining('listed twice') as unknown });
  });

  it('begins a group in one call, each begin answering on its own', async () => {
    const before = await spent();
    const first = purchase('T20', { a: '1' });
    const overlapping = purchase('T20', { a: '1', b: '2' });
    const badPrice = purchase('T21', { a: '1.23456' });
    const twice = purchase('T22', { a: '1' });
    const answers = await alice.beginMany([first, overlapping, badPrice, { ...twice, lines: [...twice.lines, ...twice.lines] }, first]);
    expect(answers[0]).toMatchObject({ outcome: 'begun', purchase: { cost: '1.0000', variables: [v('a')] } });
    // Later begins of the group see the earlier ones' claims, as they would in separate calls.
    expect(answers[1]).toMatchObject({ outcome: 'begun', purchase: { cost: '2.0000', variables: [v('b')] }, held: [{ variable: v('a'), desk: 'alice' }] });
    expect(answers[2]).toMatchObject({ code: 'validation', message: expect.stringContaining('at most 4 places') as unknown });
    expect(answers[3]).toMatchObject({ code: 'validation', message: expect.stringContaining('listed twice') as unknown });
    expect(answers[4]).toMatchObject({ outcome: 'existing' });
    const after = await spent();
    expect(minor(after['day']) - minor(before['day'])).toBe(30_000n);
    expect(await alice.purchaseByLocalId(twice.localId)).toBeUndefined();
    // Support may not begin, alone or in a group.
    await expect(support.beginMany([purchase('T23', { a: '1' })])).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('counts the budget in the team time zone and the purchase keeps its rows', async () => {
    await admin.setTeamSettings({ timeZone: 'Pacific/Kiritimati' });
    const begun = await alice.begin(purchase('T11', { a: '1' }, 'USD'));
    if (begun.outcome !== 'begun') throw new Error('expected a begin');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    const budgets = await admin.budgets();
    expect(budgets.rows.find((row) => row.currency === 'USD' && row.period === 'day')?.periodStart).toBe(today);
    expect(budgets.today).toBe(today);
    await admin.setTeamSettings({ timeZone: 'Europe/London' });
  });
});
