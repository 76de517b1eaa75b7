// A running desk refused for a reason that is not the network's: its password changed by the team's
// admin (its sessions ended, so it must log in again), its desk made inactive, or a team schema
// newer than this TitleDesk. Its status names why (never "unreachable"), stays so on retries, and a
// purchase is refused in those words, in the core and by a real `titledesk purchase`, nothing sent.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownSchemaVersion } from '../../../electron/core/team/migrations/migration.ts';
import { awayHeadline } from '../../../shared/team/team-away-words.ts';
import { serviceTraffic, startHarness, type Harness } from '../../integration/fixtures/purchase-harness.ts';
import { developerEnv, runCli } from '../../integration/fixtures/run-cli.ts';
import { openTeamDesk, until, type Desk } from '../support/desk-pair.ts';
import { createTeamDatabase, passwordClusterMissing, startPasswordCluster, type PasswordCluster, type TeamDatabase } from '../support/password-cluster.ts';
import { deskUrl, type SeededTeam } from '../support/team-fixture.ts';

const missing = passwordClusterMissing();

describe.skipIf(missing !== '')(missing === '' ? 'a running desk its team database refuses' : `skipped: ${missing}`, () => {
  let cluster: PasswordCluster;
  let database: TeamDatabase;
  let team: SeededTeam;
  let superuser: postgres.Sql;
  let h: Harness;

  const loginOf = (name: string): string => database.desks[name]?.login ?? '';
  const passwordOf = (name: string): string => database.desks[name]?.password ?? '';

  /** A purchase of the sandbox's first title: refused with `words`, and nothing POSTed. */
  async function refusedIn(desk: Desk, words: string): Promise<void> {
    const [title = ''] = h.sandbox.config.sampleTitles;
    const [variable = ''] = h.sandbox.config.sampleVariables;
    const posts = serviceTraffic(h.sandbox).posts;
    await expect(desk.purchases.create(h.env, title, [variable])).rejects.toMatchObject({ code: 'team_database', message: words });
    expect(serviceTraffic(h.sandbox).posts).toBe(posts);
  }

  /** The desk's own purchase (its own variable: none reused from another desk) while the team answers. */
  async function bought(desk: Desk, which: number): Promise<void> {
    const [, title = ''] = h.sandbox.config.sampleTitles;
    const variable = h.sandbox.config.sampleVariables[which] ?? '';
    await expect(desk.purchases.create(h.env, title, [variable])).resolves.toMatchObject({ team: { desk: desk.name } });
  }

  beforeAll(async () => {
    cluster = await startPasswordCluster();
    database = await createTeamDatabase(cluster, 'Desk Refused', { front: 'analyst', back: 'analyst', side: 'analyst' });
    team = { name: database.team, desks: database.desks };
    superuser = postgres(new URL(new URL(database.deskUrl).pathname, cluster.url).href, { max: 1, onnotice: () => undefined });
    h = await startHarness();
  }, 60_000);

  afterAll(async () => {
    await superuser.end();
    await h.close();
    cluster.stop();
  });

  it('names a password the admin changed, stays so on retries, and refuses purchases in those words', async () => {
    const front = await openTeamDesk(h, database.deskUrl, team, 'front');
    try {
      expect(front.team.status()).toMatchObject({ state: 'connected', desk: 'front' });
      await bought(front, 0);
      // The admin changes the login's password and ends its sessions: the desk must log in again.
      await superuser.unsafe(`ALTER ROLE ${loginOf('front')} PASSWORD 'Chang3d-by-the-admin'`);
      await superuser`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = ${loginOf('front')}`;
      await until(() => { void front.team.flush(); return front.team.status().away === 'password'; }, 'the password refused');
      const status = front.team.status();
      expect(status).toMatchObject({ state: 'unreachable', away: 'password', problem: expect.stringContaining("refused this desk's login: check its name and password. Nothing was sent. Give this desk’s current password") as unknown });
      expect(awayHeadline(status, 'HH:MM')).toBe("Team database refused this desk's password since HH:MM");
      await refusedIn(front, status.problem ?? '');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(front.team.status()).toMatchObject({ state: 'unreachable', away: 'password', unreachableSince: status.unreachableSince });
      expect(JSON.stringify([front.team.status(), front.logs])).not.toContain(passwordOf('front'));
    } finally {
      await front.team.close();
    }
  });

  it('refuses a `titledesk purchase` with the old password in the same words, exit 5, nothing sent', async () => {
    const [title = ''] = h.sandbox.config.sampleTitles;
    const [variable = ''] = h.sandbox.config.sampleVariables;
    const posts = serviceTraffic(h.sandbox).posts;
    const run = await runCli(['purchase', '--title', title, '--var', variable], { ...developerEnv(h.sandbox, h.newDataDir()), TITLEDESK_TEAM_DATABASE_URL: deskUrl(database.deskUrl, team, 'front') });
    expect(run.code, run.stderr).toBe(5);
    expect(run.stderr).toContain("refused this desk's login: check its name and password. Nothing was sent. Give this desk’s current password in Settings → Team");
    expect(run.stderr).not.toMatch(/cannot be reached/);
    expect(run.stdout + run.stderr).not.toContain(passwordOf('front'));
    expect(serviceTraffic(h.sandbox).posts).toBe(posts);
  });

  it('names a desk the admin made inactive, and refuses its purchases in those words', async () => {
    const back = await openTeamDesk(h, database.deskUrl, team, 'back');
    try {
      await bought(back, 1);
      await superuser`UPDATE titledesk.desks SET active = false WHERE login_role = ${loginOf('back')}`;
      const [title = ''] = h.sandbox.config.sampleTitles;
      const [variable = ''] = h.sandbox.config.sampleVariables;
      // The first purchase after it learns why: refused already in the desk's own words.
      await expect(back.purchases.create(h.env, title, [variable])).rejects.toMatchObject({ code: 'team_database', message: expect.stringContaining('is not an active desk of a team') as unknown });
      const status = back.team.status();
      expect(status).toMatchObject({ state: 'unreachable', away: 'not-a-desk', problem: expect.stringContaining('Nothing was sent. The team’s admin adds it with titledesk team add-desk, or makes it active again') as unknown });
      expect(awayHeadline(status)).toBe('This login is no longer a desk of the team');
      // Retried every 200 ms here: reading the team's rows (which an inactive desk still may) is
      // not taken for being a desk again, so the headline stays and purchases stay refused.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(back.team.status()).toMatchObject({ state: 'unreachable', away: 'not-a-desk' });
      await refusedIn(back, back.team.status().problem ?? '');
      // Made active again, it is connected at its next retry and buys.
      await superuser`UPDATE titledesk.desks SET active = true WHERE login_role = ${loginOf('back')}`;
      await until(() => back.team.status().state === 'connected', 'the desk active again');
      await bought(back, 2);
    } finally {
      await back.team.close();
      await superuser`UPDATE titledesk.desks SET active = true WHERE login_role = ${loginOf('back')}`;
    }
  });

  it('names a team schema newer than this TitleDesk, with its version', async () => {
    const newer = knownSchemaVersion + 1;
    await superuser`INSERT INTO titledesk.schema_migrations (version, name) VALUES (${newer}, 'from-the-future')`;
    try {
      const side = await openTeamDesk(h, database.deskUrl, team, 'side');
      try {
        const status = side.team.status();
        expect(status).toMatchObject({ state: 'unreachable', away: 'schema-newer', schemaVersion: newer, problem: expect.stringContaining('update TitleDesk on this desk before using it with the team. Nothing was sent.') as unknown });
        expect(awayHeadline(status)).toBe(`Team database schema ${String(newer)} needs a newer TitleDesk`);
        await refusedIn(side, status.problem ?? '');
      } finally {
        await side.team.close();
      }
    } finally {
      await superuser`DELETE FROM titledesk.schema_migrations WHERE version = ${newer}`;
    }
  });
});
