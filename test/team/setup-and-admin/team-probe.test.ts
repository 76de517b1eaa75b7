// "Test connection" (probeTeam) and `titledesk team status` against a real cluster whose schema is
// one version newer, or older, than this TitleDesk knows, and against a server without TLS while
// the desk's URL demands it: each a clear problem in words, nothing written, never the password.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeTeam } from '../../../electron/core/team-join/team-probe.ts';
import { teamConnectionOf } from '../../../electron/core/team-join/team-config.ts';
import { knownSchemaVersion } from '../../../electron/core/team/migrations/migration.ts';
import { createTeamDatabase, passwordClusterMissing, startPasswordCluster, type PasswordCluster, type TeamDatabase } from '../support/password-cluster.ts';
import { titledeskSync } from '../support/team-cli.ts';

const missing = passwordClusterMissing();

/** `titledesk team status --json` with only the team's variables, no keychain. */
interface StatusDocument {
  readonly reachable: boolean;
  readonly problem?: string;
  readonly message?: string;
  readonly away?: string;
  readonly headline?: string;
}

function teamStatus(url: string): { status: number | null; document: StatusDocument; output: string } {
  const result = titledeskSync(['team', 'status', '--json'], { TITLEDESK_TEAM_DATABASE_URL: url });
  return { status: result.status, document: JSON.parse(result.stdout) as StatusDocument, output: result.stdout + result.stderr };
}

describe.skipIf(missing !== '')(missing === '' ? 'Test connection against a schema or TLS that does not match' : `skipped: ${missing}`, () => {
  let cluster: PasswordCluster;
  let team: TeamDatabase;
  let superuser: postgres.Sql;
  let login: string;
  let password: string;

  /** Everything the schema holds that a desk could change: the same before and after a probe. */
  const snapshot = async (): Promise<unknown> => {
    const versions = await superuser`SELECT version, name, applied_at FROM titledesk.schema_migrations ORDER BY version`;
    const [counts] = await superuser`SELECT (SELECT count(*) FROM titledesk.purchases) AS purchases, (SELECT count(*) FROM titledesk.desks) AS desks, (SELECT count(*) FROM titledesk.budgets) AS budgets`;
    return { versions: [...versions], counts };
  };
  const deskUrl = (query = ''): string => {
    const url = new URL(team.deskUrl);
    url.username = login;
    url.password = password;
    return `${url.href}${query}`;
  };
  const probe = (databaseUrl: string) => probeTeam(() => teamConnectionOf({ databaseUrl, login }, password));

  beforeAll(async () => {
    cluster = await startPasswordCluster();
    team = await createTeamDatabase(cluster, 'Probe Test', { front: 'analyst' });
    login = team.desks['front']?.login ?? '';
    password = team.desks['front']?.password ?? '';
    superuser = postgres(new URL(new URL(team.deskUrl).pathname, cluster.url).href, { max: 1, onnotice: () => undefined });
  }, 60_000);

  afterAll(async () => {
    await superuser.end();
    cluster.stop();
  });

  it('says the schema is newer than this TitleDesk knows, and writes nothing', async () => {
    await superuser`INSERT INTO titledesk.schema_migrations (version, name) VALUES (${knownSchemaVersion + 1}, 'from-the-future')`;
    try {
      const before = await snapshot();
      const result = await probe(team.deskUrl);
      expect(result).toMatchObject({ ok: false, problem: 'schema', away: 'schema-newer', schemaVersion: knownSchemaVersion + 1 });
      if (result.ok) return;
      expect(result.message).toContain(`version ${String(knownSchemaVersion + 1)}, newer than this TitleDesk knows (${String(knownSchemaVersion)})`);
      expect(result.message).toMatch(/update TitleDesk on this desk/);
      const cli = teamStatus(deskUrl());
      expect(cli.status).toBe(5);
      expect(cli.document).toMatchObject({ reachable: false, problem: 'schema', away: 'schema-newer', headline: `Team database schema ${String(knownSchemaVersion + 1)} needs a newer TitleDesk` });
      expect(cli.document.message).toContain('newer than this TitleDesk knows');
      expect(cli.output).not.toContain(password);
      expect(await snapshot()).toEqual(before);
    } finally {
      await superuser`DELETE FROM titledesk.schema_migrations WHERE version = ${knownSchemaVersion + 1}`;
    }
  });

  it('says an older schema needs titledesk team migrate, and writes nothing', async () => {
    const [newest] = await superuser<{ version: number; name: string; applied_at: Date }[]>`SELECT version, name, applied_at FROM titledesk.schema_migrations WHERE version = ${knownSchemaVersion}`;
    await superuser`DELETE FROM titledesk.schema_migrations WHERE version = ${knownSchemaVersion}`;
    try {
      const before = await snapshot();
      const result = await probe(team.deskUrl);
      expect(result).toMatchObject({ ok: false, problem: 'schema', away: 'schema-older', schemaVersion: knownSchemaVersion - 1 });
      if (result.ok) return;
      expect(result.message).toContain(`has schema version ${String(knownSchemaVersion - 1)}; this TitleDesk needs ${String(knownSchemaVersion)}: the team's admin runs "titledesk team migrate".`);
      const cli = teamStatus(deskUrl());
      expect(cli.status).toBe(5);
      expect(cli.document).toMatchObject({ reachable: false, problem: 'schema', away: 'schema-older', headline: `Team database schema ${String(knownSchemaVersion - 1)} needs "titledesk team migrate"` });
      expect(cli.document.message).toContain('titledesk team migrate');
      expect(await snapshot()).toEqual(before);
    } finally {
      if (newest !== undefined) await superuser`INSERT INTO titledesk.schema_migrations (version, name, applied_at) VALUES (${newest.version}, ${newest.name}, ${newest.applied_at})`;
    }
  });

  it.each(['require', 'verify-full'])('says a server without TLS cannot give sslmode=%s what it demands, never the password', async (mode) => {
    const result = await probe(`${team.deskUrl}?sslmode=${mode}`);
    expect(result).toMatchObject({ ok: false, problem: 'tls', away: 'tls-not-offered' });
    if (result.ok) return;
    expect(result.message).toContain(`(TLS ${mode})`);
    expect(result.message).toMatch(/does not offer TLS/);
    expect(result.message).not.toMatch(/CA file|certificate/);
    expect(JSON.stringify(result)).not.toContain(password);
    const cli = teamStatus(deskUrl(`?sslmode=${mode}`));
    expect(cli.status).toBe(5);
    expect(cli.document).toMatchObject({ reachable: false, problem: 'tls', away: 'tls-not-offered', headline: 'No TLS from the team database' });
    expect(cli.document.message).toMatch(/does not offer TLS/);
    expect(cli.output).not.toContain(password);
  });

  it('connects once the schema matches again', async () => {
    await expect(probe(team.deskUrl)).resolves.toMatchObject({ ok: true, desk: { name: 'front' }, schemaVersion: knownSchemaVersion });
  });
});
