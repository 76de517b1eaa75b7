// A desk whose team database goes away: new purchases are refused, naming the database, while a
// purchase already sent is followed to its end; its answers reach the database once it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamStore } from '../../../electron/core/team/team-store.ts';
import { serviceTraffic, startHarness, type Harness } from '../../integration/fixtures/purchase-harness.ts';
import { openTeamDesk, until, type Desk } from '../support/desk-pair.ts';
import { findPostgresBin, startThrowawayCluster, type RunningCluster } from '../support/pg-cluster.ts';
import { openDesk, seedTeam, type SeededTeam } from '../support/team-fixture.ts';

const found = findPostgresBin();
const missing = 'missing' in found ? found.missing : '';

describe.skipIf(missing !== '')(missing === '' ? 'a desk whose team database goes away' : `skipped: ${missing}`, () => {
  let h: Harness;
  let cluster: RunningCluster;
  let team: SeededTeam;
  let alice: Desk;
  let admin: TeamStore;

  beforeAll(async () => {
    if ('missing' in found) return;
    h = await startHarness({ pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [3, 3] } });
    cluster = await startThrowawayCluster(found.bin);
    team = await seedTeam(cluster.url, 'away', { alice: 'analyst' });
    alice = await openTeamDesk(h, cluster.url, team, 'alice');
    admin = await openDesk(cluster.url, team, 'admin');
  });
  afterAll(async () => {
    await alice.team.close();
    await admin.close();
    await h.close();
    cluster.stop();
  });

  it('refuses new purchases, follows sent ones, and writes their answers when the database is back', async () => {
    const [first = '', second = ''] = h.sandbox.config.sampleTitles;
    const [variable = ''] = h.sandbox.config.sampleVariables;
    const sent = await alice.purchases.create(h.env, first, [variable]);
    expect(sent).toMatchObject({ state: 'pending', team: { desk: 'alice' } });
    const teamId = sent.team?.purchaseId ?? '';
    cluster.halt('fast');
    try {
      const posts = serviceTraffic(h.sandbox).posts;
      const refused = alice.purchases.create(h.env, second, [variable]);
      await expect(refused).rejects.toMatchObject({
        code: 'team_database',
        message: expect.stringMatching(/^The team database at 127\.0\.0\.1:\d+ cannot be reached, so the team's budget and reuse cannot be checked\. Nothing was sent\.$/) as unknown,
      });
      expect(serviceTraffic(h.sandbox).posts).toBe(posts);
      // Following goes on without the database.
      const done = await alice.purchases.waitForSettled(sent.id);
      expect(done.state).toBe('available');
      await until(() => alice.team.status().state === 'unreachable', 'the link to say unreachable');
      expect(alice.team.status()).toMatchObject({ unreachableSince: expect.any(Number) as unknown });
      expect(alice.team.status().pendingSync).toBeGreaterThan(0);
    } finally {
      cluster.resume();
    }
    const resumedAt = Date.now();
    // Back: the answers waiting on the desk are written, and the link says so.
    await until(() => alice.team.status().state === 'connected' && alice.team.status().pendingSync === 0, 'the link to catch up');
    console.log(`team database back: the desk's waiting answers written ${String(Date.now() - resumedAt)} ms after it answered again`);
    const row = await admin.purchase(teamId);
    expect(row).toMatchObject({ state: 'available', accepted: true, servicePurchaseId: sent.purchaseId });
    // And new purchases begin again.
    await expect(alice.purchases.create(h.env, second, [variable])).resolves.toMatchObject({ team: { desk: 'alice' } });
    expect(JSON.stringify(alice.logs)).not.toContain(team.desks['alice']?.password ?? '-');
  });
});
