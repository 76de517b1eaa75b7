// `titledesk team setup | add-desk | migrate` as a team admin runs them, in a real process against a
// real PostgreSQL: the printed desk password works for that desk, and no password is ever echoed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownSchemaVersion } from '../../../electron/core/team/migrations/migration.ts';
import { TeamStore } from '../../../electron/core/team/team-store.ts';
import { parseTeamUrl } from '../../../electron/core/team/team-url.ts';
import { asLogin, createTestDatabase, suffix, teamServerMissing, teamSkipReason, type TestDatabase } from '../support/team-db.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const bin = join(root, 'bin', 'titledesk.mjs');

function team(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, 'team', ...args], { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, TITLEDESK_TEAM_DATABASE_URL: '' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'titledesk team (CLI)', () => {
  let database: TestDatabase;
  const opened: TeamStore[] = [];
  const name = `cli-${suffix()}`;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await database.drop();
  });

  async function open(login: string, password: string): Promise<TeamStore> {
    const store = await TeamStore.open(parseTeamUrl(asLogin(database.url, login, password)));
    opened.push(store);
    return store;
  }

  it('sets up the schema, the team and its first admin, whose printed password works', async () => {
    const result = team('setup', '--database-url', database.url, '--team', name, '--admin-desk', 'boss', '--json');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const document = JSON.parse(result.stdout) as { schema: { to: number }; team: string; admin: { login: string; password: string; role: string } };
    expect(document.schema.to).toBe(knownSchemaVersion);
    expect(document).toMatchObject({ team: name, admin: { role: 'admin' } });
    const boss = await open(document.admin.login, document.admin.password);
    expect(boss.desk).toMatchObject({ name: 'boss', role: 'admin' });
  });

  it('adds a desk with its own login, in words for people', async () => {
    const result = team('add-desk', 'Front Desk 2', '--role', 'analyst', '--database-url', database.url);
    expect(result.status).toBe(0);
    const login = /login (\S+)/.exec(result.stdout)?.[1] ?? '';
    const password = /shown only now[^:]*: (\S+)/.exec(result.stdout)?.[1] ?? '';
    expect(login).toBe(`td_${name.replace('-', '_')}_front_desk_2`);
    expect(result.stdout).toContain(`postgres://${login}:<password>@`);
    expect((await open(login, password)).desk).toMatchObject({ name: 'Front Desk 2', role: 'analyst' });
  });

  it('refuses a wrong role or a missing name with usage, exit 2', () => {
    const wrong = team('add-desk', 'x', '--role', 'boss', '--database-url', database.url);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain("A desk's role is analyst, support or admin");
    const missing = team('add-desk', '--role', 'analyst', '--database-url', database.url);
    expect(missing.status).toBe(2);
    expect(team('setup').stderr).toContain('--database-url URL is needed');
    expect(team('drop').stderr).toContain('unknown command "drop" (setup, add-desk, migrate, status, show, budget, settings, desk or release)');
  });

  it('migrates to the version it knows, and says when there is nothing to do', () => {
    const result = team('migrate', '--database-url', database.url);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`is already at version ${String(knownSchemaVersion)}`);
  });

  it('names an unreachable database without its password', () => {
    const password = 'Sup3r-Secret-Passw0rd';
    const result = team('migrate', '--database-url', `postgres://admin:${password}@127.0.0.1:1/team`, '--json');
    expect(result.status).toBe(5);
    expect(result.stderr).toContain('postgres://admin@127.0.0.1:1/team (TLS disable) cannot be reached (ECONNREFUSED)');
    expect(result.stderr + result.stdout).not.toContain(password);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { code: 'network' } });
  });
});
