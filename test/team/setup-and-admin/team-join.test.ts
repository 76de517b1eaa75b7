// A desk joining its team, against a real PostgreSQL that checks passwords: "Test connection"
// (connected as which desk, or why not, in words) and `titledesk team status` / `titledesk env` as
// real processes reading the app's Settings → Team. No password ever appears in what they print.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeTeam } from '../../../electron/core/team-join/team-probe.ts';
import { teamConnectionOf } from '../../../electron/core/team-join/team-config.ts';
import { TeamStore } from '../../../electron/core/team/team-store.ts';
import { createTeamDatabase, passwordClusterMissing, startPasswordCluster, type PasswordCluster, type TeamDatabase } from '../support/password-cluster.ts';
import { titledeskSync } from '../support/team-cli.ts';

const missing = passwordClusterMissing();

describe.skipIf(missing !== '')(missing === '' ? 'a desk joining its team' : `skipped: ${missing}`, () => {
  let cluster: PasswordCluster;
  let team: TeamDatabase;
  let dataDir: string;

  const desk = (name: string) => {
    const found = team.desks[name];
    if (found === undefined) throw new Error(`no desk ${name}`);
    return found;
  };

  beforeAll(async () => {
    cluster = await startPasswordCluster();
    team = await createTeamDatabase(cluster, 'Join Test', { front: 'analyst', gone: 'support' });
    const admin = await TeamStore.open(teamConnectionOf({ databaseUrl: team.deskUrl, login: desk('admin').login }, desk('admin').password));
    await admin.setBudget('GBP', 'day', '30.0000');
    await admin.setDesk('gone', { active: false });
    await admin.close();
    dataDir = mkdtempSync(join(tmpdir(), 'td-team-join-'));
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ environments: [], selectedEnvironmentId: null, advanced: {}, team: { databaseUrl: team.deskUrl, login: desk('front').login } }), { mode: 0o600 });
  }, 60_000);

  afterAll(() => {
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('connects as the desk and reads the team, its schema and its budgets', async () => {
    const result = await probeTeam(() => teamConnectionOf({ databaseUrl: team.deskUrl, login: desk('front').login }, desk('front').password));
    expect(result).toMatchObject({ ok: true, desk: { name: 'front', role: 'analyst' }, team: { name: 'Join Test', timeZone: 'Europe/London' } });
    if (!result.ok) return;
    expect(result.database).toBe(`postgres://${desk('front').login}@127.0.0.1:${String(cluster.port)}/td_join_test (TLS disable)`);
    expect(result.budgets).toEqual([expect.objectContaining({ currency: 'GBP', period: 'day', limit: '30.0000', spent: '0.0000' })]);
    expect(result.unsettled).toBe(0);
  });

  it.each([
    ['a wrong password', () => teamConnectionOf({ databaseUrl: team.deskUrl, login: desk('front').login }, 'Wr0ng-Passw0rd-123'), 'password', 'password', /refused this desk's login: check its name and password\. Give this desk’s current password in Settings → Team/],
    ['a login that is no longer an active desk', () => teamConnectionOf({ databaseUrl: team.deskUrl, login: desk('gone').login }, desk('gone').password), 'not-a-desk', 'not-a-desk', /is not an active desk.*add-desk.*--activate/],
    ['a server that is not there', () => teamConnectionOf({ databaseUrl: 'postgres://127.0.0.1:1/td_join_test', login: desk('front').login }, 'Wr0ng-Passw0rd-123'), 'unreachable', 'unreachable', /cannot be reached \(ECONNREFUSED\).*VPN, firewall/],
    ['an unreadable CA file', () => teamConnectionOf({ databaseUrl: 'postgres://db.example.com/team', login: 'desk', caFile: '/nonexistent/ca.pem' }, 'Wr0ng-Passw0rd-123'), 'tls', 'setting', /certificate authority file/],
  ])('says in words what is wrong with %s, without the password', async (_name, connect, problem, away, message) => {
    const result = await probeTeam(connect);
    expect(result).toMatchObject({ ok: false, problem, away });
    if (result.ok) return;
    expect(result.message).toMatch(message);
    expect(JSON.stringify(result)).not.toContain('Wr0ng-Passw0rd-123');
  });

  it('team status reads the app’s Settings → Team on the data folder', () => {
    const result = titledeskSync(['team', 'status', '--data-dir', dataDir], { TITLEDESK_TEAM_PASSWORD: desk('front').password });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Team database: postgres://${desk('front').login}@127.0.0.1:${String(cluster.port)}/td_join_test (TLS disable), from Settings → Team (${join(dataDir, 'settings.json')})`);
    expect(result.stdout).toContain('Desk:          front (analyst) of team Join Test');
    expect(result.stdout).toContain('GBP day from');
    expect(result.stdout).toContain("Unsettled:     0 of this desk's purchases not yet settled in the team database");
    expect(result.stdout).toContain('Pending sync:  none: the team database has every answer of this desk');
    expect(result.stdout + result.stderr).not.toContain(desk('front').password);
  });

  it('team status compares the desk’s journal with what the team database has, writing nothing', async () => {
    // A purchase begun in the team database that this folder's journal never had: not this
    // folder's answer to write, so not pending here; the journal is opened to compare, not joined.
    const front = await TeamStore.open(teamConnectionOf({ databaseUrl: team.deskUrl, login: desk('front').login }, desk('front').password));
    await front.begin({ environment: 'https://api.example', localId: '0192f0a0-0000-7000-8000-000000000001', resourceKind: 'title', resource: 'DN1', lines: [{ variable: 'https://api.example/vars/A/B#C/D/E/F', price: '0.1000' }], currency: 'GBP' });
    await front.close();
    expect(titledeskSync(['history', '--data-dir', dataDir, '--json'], { TITLEDESK_TEAM_PASSWORD: desk('front').password }).status).toBe(0);
    const result = titledeskSync(['team', 'status', '--data-dir', dataDir, '--json'], { TITLEDESK_TEAM_PASSWORD: desk('front').password });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ reachable: true, pendingSync: 0, result: { unsettled: 1 } });
  });

  it('team status takes TITLEDESK_TEAM_DATABASE_URL over the setting, and prints one JSON document', () => {
    const url = new URL(team.deskUrl);
    url.username = desk('admin').login;
    url.password = desk('admin').password;
    const result = titledeskSync(['team', 'status', '--json'], { TITLEDESK_TEAM_DATABASE_URL: url.href, TITLEDESK_DATA_DIR: dataDir });
    expect(result.status).toBe(0);
    const document = JSON.parse(result.stdout) as { team: { source: string; database: string }; reachable: boolean; result: { desk: { name: string; role: string } } };
    expect(document).toMatchObject({ team: { source: 'environment' }, reachable: true, result: { desk: { name: 'admin', role: 'admin' } } });
    expect(result.stdout + result.stderr).not.toContain(desk('admin').password);
  });

  it('team status exits 3 on a wrong password and 5 when the server is not there, naming neither password', () => {
    const wrong = titledeskSync(['team', 'status', '--data-dir', dataDir], { TITLEDESK_TEAM_PASSWORD: 'Wr0ng-Passw0rd-123' });
    expect(wrong.status).toBe(3);
    expect(wrong.stdout).toMatch(/Reachable: {5}no \(password\): Team database refused this desk's password\nWhy: {11}The team database at .* refused this desk's login/);
    const away = titledeskSync(['team', 'status'], { TITLEDESK_TEAM_DATABASE_URL: 'postgres://desk:Wr0ng-Passw0rd-123@127.0.0.1:1/team' });
    expect(away.status).toBe(5);
    expect(away.stdout).toContain('postgres://desk@127.0.0.1:1/team (TLS disable), from TITLEDESK_TEAM_DATABASE_URL');
    expect(wrong.stdout + wrong.stderr + away.stdout + away.stderr).not.toContain('Wr0ng-Passw0rd-123');
  });

  it('team status says where no password was found, when none was', () => {
    const result = titledeskSync(['team', 'status', '--data-dir', dataDir], {});
    expect(result.status).toBe(3);
    expect(result.stdout).toContain('Password:      none found: not in the OS keychain for this data folder, and TITLEDESK_TEAM_PASSWORD is not set');
  });

  it('team status says so for a desk in no team', () => {
    const empty = mkdtempSync(join(tmpdir(), 'td-team-none-'));
    try {
      const result = titledeskSync(['team', 'status', '--data-dir', empty], {});
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('This desk is in no team');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('env names the team database in use without its password', () => {
    const result = titledeskSync(['env', '--data-dir', dataDir, '--base-url', 'https://api.example.invalid'], { TITLEDESK_TEAM_PASSWORD: desk('front').password });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Team:         postgres://${desk('front').login}@127.0.0.1:${String(cluster.port)}/td_join_test (TLS disable), from Settings → Team`);
    expect(result.stdout).toMatch(/TITLEDESK_TEAM_PASSWORD\s+set \(hidden\)/);
    expect(result.stdout + result.stderr).not.toContain(desk('front').password);
  });
});
