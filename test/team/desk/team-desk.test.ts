// Two desks of one team buying from one sandbox over loopback HTTP, joined by the real team
// database: one POST for the same variable asked at the same moment, the other desk's journal
// following the purchase to its end, the team budget refusing, and a dead desk's claim given back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../../electron/core/catalog/catalog-client.ts';
import { newLocalId } from '../../../electron/core/purchases/submission/local-id.ts';
import type { TeamStore } from '../../../electron/core/team/team-store.ts';
import { serviceTraffic, startHarness, type Harness } from '../../integration/fixtures/purchase-harness.ts';
import { openTeamDesk, until, type Desk } from '../support/desk-pair.ts';
import { createTestDatabase, teamServerMissing, teamSkipReason, type TestDatabase } from '../support/team-db.ts';
import { openDesk, seedTeam, type SeededTeam } from '../support/team-fixture.ts';

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'desks of a team buying from one service', () => {
  let h: Harness;
  let database: TestDatabase;
  let team: SeededTeam;
  let admin: TeamStore;
  let alice: Desk;
  let bob: Desk;
  const titles = (): readonly string[] => [...h.sandbox.config.sampleTitles, ...h.sandbox.config.testTitles];
  const variables = (): readonly string[] => h.sandbox.config.sampleVariables;

  beforeAll(async () => {
    h = await startHarness();
    database = await createTestDatabase();
    team = await seedTeam(database.url, 'desks', { alice: 'analyst', bob: 'analyst' });
    admin = await openDesk(database.url, team, 'admin');
    [alice, bob] = await Promise.all([openTeamDesk(h, database.url, team, 'alice'), openTeamDesk(h, database.url, team, 'bob')]);
  });
  afterAll(async () => {
    await Promise.all([alice.team.close(), bob.team.close()]);
    await admin.close();
    await h.close();
    await database.drop();
  });

  it('sends one POST when both desks ask for the same variable at once; the other reuses it', async () => {
    const title = titles()[0] ?? '';
    const variable = variables()[0] ?? '';
    const before = serviceTraffic(h.sandbox).posts;
    const [a, b] = await Promise.all([alice.purchases.create(h.env, title, [variable]), bob.purchases.create(h.env, title, [variable])]);
    expect(serviceTraffic(h.sandbox).posts - before).toBe(1);
    // Exactly one of them is its own desk's purchase; the other is a copy of it.
    const bought = [a, b].filter((record) => record.imported !== true);
    expect(bought).toHaveLength(1);
    const [mine] = bought;
    const other = mine === a ? b : a;
    expect(other.id).toBe(mine?.id);
    expect(other.team?.desk).toBe(mine === a ? 'alice' : 'bob');
    const buyer = mine === a ? alice : bob;
    const watcher = mine === a ? bob : alice;
    const done = await buyer.purchases.waitForSettled(mine?.id ?? '');
    expect(done.state).toBe('available');
    // The other desk's journal follows it to the end, values included.
    const seen = await until(() => { const copy = watcher.purchases.get(done.id); return copy?.state === 'available' ? copy : undefined; }, 'the copy to settle');
    expect(seen.items?.map((item) => item.variable)).toEqual([variable]);
    expect(watcher.purchases.list({ purchaseId: done.purchaseId ?? '' })).toHaveLength(1);
    // Reuse on the watcher's desk draws on it: asked again, nothing is sent.
    const again = await watcher.purchases.create(h.env, title, [variable]);
    expect(again.id).toBe(done.id);
    expect(serviceTraffic(h.sandbox).posts - before).toBe(1);
  });

  it("shows a desk's purchase on the other desk, and follows it there to its end", async () => {
    // How soon is the bench's to measure (its team section): here, that it arrives and follows.
    const title = titles()[1] ?? '';
    const variable = variables()[1] ?? '';
    const created = await alice.purchases.create(h.env, title, [variable]);
    expect(created.team).toMatchObject({ desk: 'alice' });
    await until(() => bob.purchases.get(created.id) !== undefined, 'the copy');
    const done = await alice.purchases.waitForSettled(created.id);
    expect(done.state).toBe('available');
    const copy = await until(() => { const seen = bob.purchases.get(created.id); return seen?.state === 'available' ? seen : undefined; }, 'the copy as available');
    expect(copy).toMatchObject({ imported: true, purchaseId: done.purchaseId, team: { desk: 'alice' } });
    const row = await admin.purchase(created.team?.purchaseId ?? '');
    expect(row).toMatchObject({ state: 'available', accepted: true, servicePurchaseId: done.purchaseId, deskName: 'alice' });
  });

  it('refuses over the team budget with budget_exceeded naming it, and sends nothing', async () => {
    await admin.setBudget('GBP', 'month', '0.0001');
    try {
      const before = serviceTraffic(h.sandbox).posts;
      const refused = alice.purchases.create(h.env, titles()[2] ?? '', [variables()[2] ?? '']);
      await expect(refused).rejects.toMatchObject({ code: 'budget_exceeded', message: expect.stringContaining('team budget') as unknown });
      expect(serviceTraffic(h.sandbox).posts).toBe(before);
    } finally {
      await admin.setBudget('GBP', 'month', null);
    }
  });

  it('buys only the variables no other desk holds, and says which desk buys the rest', async () => {
    const title = titles()[4] ?? '';
    const [held = '', free = ''] = await catalogVariables(title);
    const first = await alice.purchases.create(h.env, title, [held]);
    const before = serviceTraffic(h.sandbox).posts;
    const second = await bob.purchases.create(h.env, title, [held, free]);
    expect(serviceTraffic(h.sandbox).posts - before).toBe(1);
    expect(second).toMatchObject({ team: { desk: 'bob' }, variables: [free] });
    expect(bob.logs.join('\n')).toContain('1 variable being bought by desk alice');
    await Promise.all([alice.purchases.waitForSettled(first.id), bob.purchases.waitForSettled(second.id)]);
  });

  it('gives the money and the claim back when a purchase is abandoned before the service took it', async () => {
    const title = titles()[5] ?? '';
    const [variable = ''] = await catalogVariables(title);
    // The service answers 429 and asks for 5 s: the purchase waits, unsent, and is abandoned meanwhile.
    h.sandbox.setFaults([{ target: 'purchase', kind: 'status429', count: 1, retryAfterSeconds: 5 }]);
    const sending = alice.purchases.create(h.env, title, [variable]);
    const waiting = await until(() => alice.purchases.list({ titleNumber: title }).find((record) => record.error?.code === 'rate_limited'), 'the 429 wait');
    h.sandbox.setFaults([]);
    const teamId = waiting.team?.purchaseId ?? '';
    await alice.purchases.resolve(waiting.id, 'abandon');
    const row = await waitForRow(teamId);
    expect(row).toMatchObject({ state: 'cancelled', budgetReleased: true, accepted: false });
    // The claim is free: another desk buys the variable.
    const bought = await bob.purchases.create(h.env, title, [variable]);
    expect(bought).toMatchObject({ team: { desk: 'bob' } });
    expect(bought.imported).toBeUndefined();
    // The abandoned one, waking after its wait, finds itself cancelled and sends nothing.
    await expect(sending).resolves.toMatchObject({ state: 'cancelled' });
  });

  async function catalogVariables(title: string): Promise<string[]> {
    const catalog = await new CatalogClient(h.env.client).catalog(title);
    return catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables.map((entry) => entry.iri)));
  }

  async function waitForRow(id: string): Promise<unknown> {
    const end = Date.now() + 10_000;
    for (;;) {
      const row = await admin.purchase(id);
      if (row?.state === 'cancelled' || Date.now() > end) return row;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('gives back at the next start the claim of a purchase begun but never sent', async () => {
    const title = titles()[3] ?? '';
    const variable = variables()[3] ?? '';
    // Bob's desk began it and stopped before its intent was journaled: his journal has no such purchase.
    const bobStore = await openDesk(database.url, team, 'bob');
    const localId = newLocalId();
    const catalog = await new CatalogClient(h.env.client).catalog(title);
    const price = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables)).find((entry) => entry.iri === variable)?.price.value ?? 0;
    const began = await bobStore.begin({ environment: h.sandbox.baseUrl, localId, resourceKind: 'title', resource: title, lines: [{ variable, price: price.toFixed(4) }], currency: 'GBP' });
    expect(began.outcome).toBe('begun');
    await expect(alice.purchases.create(h.env, title, [variable])).resolves.toMatchObject({ imported: true, team: { desk: 'bob' } });
    await bob.team.close();
    bob = await openTeamDesk(h, database.url, team, 'bob', bob.dataDir);
    const row = await bobStore.purchaseByLocalId(localId);
    expect(row).toMatchObject({ state: 'cancelled', budgetReleased: true });
    await bobStore.close();
    const before = serviceTraffic(h.sandbox).posts;
    const bought = await alice.purchases.create(h.env, title, [variable]);
    expect(bought).toMatchObject({ team: { desk: 'alice' } });
    expect(bought.imported).toBeUndefined();
    expect(serviceTraffic(h.sandbox).posts - before).toBe(1);
  });
});
