// A begin whose answer is lost after the database committed it: the store asks again, and when
// that answer is lost too, the desk looks its local id up before deciding. The purchase is then
// sent once, as the team's purchase the database already holds: one begin, one POST.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamStore } from '../../../electron/core/team/team-store.ts';
import { serviceTraffic, startHarness, type Harness } from '../../integration/fixtures/purchase-harness.ts';
import { startCuttingProxy, type CuttingProxy } from '../support/cutting-proxy.ts';
import { openTeamDesk, type Desk } from '../support/desk-pair.ts';
import { createTestDatabase, teamServerMissing, teamSkipReason, type TestDatabase } from '../support/team-db.ts';
import { openDesk, seedTeam, type SeededTeam } from '../support/team-fixture.ts';

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'a begin whose answer is lost', () => {
  let h: Harness;
  let database: TestDatabase;
  let proxy: CuttingProxy;
  let team: SeededTeam;
  let admin: TeamStore;
  let alice: Desk;

  beforeAll(async () => {
    h = await startHarness();
    database = await createTestDatabase();
    team = await seedTeam(database.url, 'lost', { alice: 'analyst' });
    admin = await openDesk(database.url, team, 'admin');
    proxy = await startCuttingProxy(Number(new URL(database.url).port));
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    alice = await openTeamDesk(h, viaProxy.href, team, 'alice');
  });
  afterAll(async () => {
    await alice.team.close();
    await admin.close();
    await proxy.close();
    await h.close();
    await database.drop();
  });

  it('looks the local id up, finds the begin committed, and sends the purchase once', async () => {
    const [title = ''] = h.sandbox.config.sampleTitles;
    const [variable = ''] = h.sandbox.config.sampleVariables;
    const before = serviceTraffic(h.sandbox).posts;
    // The begin and the store's own second asking both lose their answers.
    proxy.cut('begin_purchase', 2);
    const record = await alice.purchases.create(h.env, title, [variable]);
    expect(proxy.cuts()).toBe(2);
    expect(record).toMatchObject({ state: 'pending', team: { desk: 'alice' } });
    expect(serviceTraffic(h.sandbox).posts - before).toBe(1);
    const row = await admin.purchase(record.team?.purchaseId ?? '');
    expect(row).toMatchObject({ localId: record.id, deskName: 'alice' });
    const all = await admin.purchasesOf(title);
    expect(all.filter((purchase) => purchase.localId === record.id)).toHaveLength(1);
    await alice.purchases.waitForSettled(record.id);
  });
});
