// A running desk whose URL demands TLS of a team server that has none (ssl = off, as the probe's
// TLS test starts it): the desk's status says so rather than "unreachable", and a refused purchase,
// in the core and in a real `titledesk purchase`, gives Test connection's own words, never the password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeTeam } from '../../../electron/core/team-join/team-probe.ts';
import { parseTeamUrl } from '../../../electron/core/team/team-url.ts';
import { serviceTraffic, startHarness, type Harness } from '../../integration/fixtures/purchase-harness.ts';
import { developerEnv, runCli } from '../../integration/fixtures/run-cli.ts';
import { openTeamDesk } from '../support/desk-pair.ts';
import { createTeamDatabase, passwordClusterMissing, startPasswordCluster, type PasswordCluster, type TeamDatabase } from '../support/password-cluster.ts';
import { deskUrl, type SeededTeam } from '../support/team-fixture.ts';

const missing = passwordClusterMissing();

describe.skipIf(missing !== '')(missing === '' ? 'a running desk whose team server does not offer TLS' : `skipped: ${missing}`, () => {
  let cluster: PasswordCluster;
  let database: TeamDatabase;
  let team: SeededTeam;
  let h: Harness;
  let password: string;

  beforeAll(async () => {
    cluster = await startPasswordCluster();
    database = await createTeamDatabase(cluster, 'Desk TLS', { front: 'analyst' });
    team = { name: database.team, desks: database.desks };
    password = database.desks['front']?.password ?? '';
    h = await startHarness();
  }, 60_000);

  afterAll(async () => {
    await h.close();
    cluster.stop();
  });

  it.each(['require', 'verify-full'])('with sslmode=%s says the server offers no TLS, and refuses purchases in those words', async (mode) => {
    const url = `${database.deskUrl}?sslmode=${mode}`;
    const probe = await probeTeam(() => parseTeamUrl(deskUrl(url, team, 'front')));
    expect(probe).toMatchObject({ ok: false, problem: 'tls', message: expect.stringContaining('does not offer TLS') as unknown });
    const words = probe.ok ? '' : probe.message;

    const front = await openTeamDesk(h, url, team, 'front');
    try {
      expect(front.team.status()).toMatchObject({ state: 'unreachable', away: 'tls-not-offered', problem: words });
      const [title = ''] = h.sandbox.config.sampleTitles;
      const [variable = ''] = h.sandbox.config.sampleVariables;
      const posts = serviceTraffic(h.sandbox).posts;
      await expect(front.purchases.create(h.env, title, [variable])).rejects.toMatchObject({ code: 'team_database', message: words });
      expect(serviceTraffic(h.sandbox).posts).toBe(posts);
      // Still so after the desk's retries: the answer holds for the streak.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(front.team.status()).toMatchObject({ state: 'unreachable', away: 'tls-not-offered' });
      expect(JSON.stringify([front.team.status(), front.logs])).not.toContain(password);
    } finally {
      await front.team.close();
    }
  });

  it('refuses a `titledesk purchase` in the same words, exit 5, nothing sent', async () => {
    const url = deskUrl(`${database.deskUrl}?sslmode=require`, team, 'front');
    const [title = ''] = h.sandbox.config.sampleTitles;
    const [variable = ''] = h.sandbox.config.sampleVariables;
    const posts = serviceTraffic(h.sandbox).posts;
    const run = await runCli(['purchase', '--title', title, '--var', variable], { ...developerEnv(h.sandbox, h.newDataDir()), TITLEDESK_TEAM_DATABASE_URL: url });
    expect(run.code, run.stderr).toBe(5);
    expect(run.stderr).toContain("does not offer TLS, and this desk's URL demands it (sslmode=require): nothing was sent.");
    expect(run.stderr).not.toMatch(/cannot be reached/);
    expect(run.stdout + run.stderr).not.toContain(password);
    expect(serviceTraffic(h.sandbox).posts).toBe(posts);
  });
});
