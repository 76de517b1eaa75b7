// `titledesk team show | budget | settings | desk | release` as a desk runs them, in real processes
// against a real PostgreSQL: each goes through the desk's own login, so the database's role checks
// decide (exit 3), bad input exits 2, a refusal such as "too early" exits 1, and no password is printed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamStore } from '../../../electron/core/team/team-store.ts';
import { titledeskSync, type SyncRun } from '../support/team-cli.ts';
import { teamServerMissing, teamSkipReason } from '../support/team-db.ts';
import { deskOf } from '../support/team-fixture.ts';
import { startTeamSuite, type TeamSuite } from '../support/team-suite.ts';

const lines = [{ variable: 'https://api.example/vars/WhenFresh/Property#Dwelling/Rooms/Bedrooms', price: '0.7500' }];

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'titledesk team administration (CLI, as desks)', () => {
  let suite: TeamSuite;
  let alice: TeamStore;
  let dataDir: string;

  beforeAll(async () => {
    suite = await startTeamSuite('cli-admin', { alice: 'analyst', helen: 'support', bob: 'analyst' });
    alice = await suite.open('alice');
    dataDir = mkdtempSync(join(tmpdir(), 'td-team-admin-'));
  });
  afterAll(async () => {
    await suite.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function as(desk: string | { url: string }, ...args: string[]): SyncRun {
    const url = typeof desk === 'string' ? suite.deskUrl(desk) : desk.url;
    // An empty data folder and no keychain: the desk is whoever TITLEDESK_TEAM_DATABASE_URL names.
    const run = titledeskSync(['team', ...args], { TITLEDESK_DATA_DIR: dataDir, TITLEDESK_TEAM_DATABASE_URL: url });
    for (const name of Object.keys(suite.team.desks)) expect(`${run.stdout}${run.stderr}`).not.toContain(deskOf(suite.team, name).password);
    return run;
  }

  it('show: the team as an analyst sees it, in words', () => {
    const result = as('alice', 'show');
    expect([result.status, result.stderr]).toEqual([0, '']);
    expect(result.stdout).toContain(`Team:     ${suite.team.name} at postgres://${deskOf(suite.team, 'alice').login}@`);
    expect(result.stdout).toContain('Desk:     alice (analyst)');
    expect(result.stdout).toContain('Settings: reuse window 30 days, claim timeout 15 min, time zone Europe/London');
    expect(result.stdout).toContain('Limits:   none set');
    expect(result.stdout).toContain('Desks:    admin (admin), alice (analyst), bob (analyst), helen (support)');
    expect(result.stdout).toContain('Waiting:  no purchase is waiting for its desk');
  });

  it('budget: an admin sets and removes a limit; bad input exits 2', () => {
    expect(as('admin', 'budget', 'GBP', 'day', '250.50')).toMatchObject({ status: 0, stdout: 'Team budget: GBP day limit now 250.5000 (was none); the running day takes it at once.\n' });
    expect(as('admin', 'budget', 'EUR', 'month', '1000')).toMatchObject({ status: 0 });
    expect(as('admin', 'budget', 'EUR', 'month', 'none')).toMatchObject({ status: 0, stdout: 'Team budget: no EUR month limit now (was 1000.0000).\n' });
    for (const args of [['gbp', 'day', '1'], ['GBP', 'week', '1'], ['GBP', 'day', '1.23456'], ['GBP', 'day', '-5'], ['GBP', 'day'], ['GBP', 'day', '1', '2']]) {
      const result = as('admin', 'budget', ...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^titledesk team budget: /);
    }
    expect(as('admin', 'budget', 'gbp', 'day', '1').stderr).toContain('a currency is three capital letters');
    expect(as('admin', 'budget', 'GBP', 'day', '1', '--database-url', suite.database.url)).toMatchObject({ status: 2, stderr: expect.stringContaining('--database-url is the setup login') as unknown });
  });

  it('settings: an admin sets the reuse window, claim timeout and time zone from durations', () => {
    const result = as('admin', 'settings', '--reuse-window', '7d', '--claim-timeout', '20m', '--time-zone', 'Europe/Paris');
    expect([result.status, result.stderr]).toEqual([0, '']);
    expect(result.stdout).toBe(`Team ${suite.team.name} now: reuse window 7 days, claim timeout 20 min, time zone Europe/Paris (was reuse window 30 days, claim timeout 15 min, time zone Europe/London).\n`);
    expect(as('admin', 'settings', '--reuse-window', '1d12h').stdout).toContain('reuse window 1 day 12 hours, claim timeout 20 min');
    expect(as('admin', 'settings', '--reuse-window', '7d').status).toBe(0);
    for (const args of [[], ['--reuse-window', '7'], ['--claim-timeout', '0s'], ['--time-zone', 'Mars/Olympus'], ['--reuse-window', 'soon'], ['extra']]) {
      expect(as('admin', 'settings', ...args).status, args.join(' ')).toBe(2);
    }
    expect(as('admin', 'settings', '--time-zone', 'Mars/Olympus').stderr).toContain('not a time zone');
  });

  it("desk: an admin changes another desk's role and whether it is active", () => {
    expect(as('admin', 'desk', 'bob', '--role', 'support', '--deactivate')).toMatchObject({ status: 0, stdout: 'Desk bob is now support, inactive (its login can no longer connect as a desk) (was analyst, active).\n' });
    expect(as('bob', 'show')).toMatchObject({ status: 3 });
    expect(as('admin', 'desk', 'bob', '--role', 'analyst', '--activate')).toMatchObject({ status: 0, stdout: 'Desk bob is now analyst, active (was support, inactive).\n' });
    expect(as('bob', 'show').status).toBe(0);
    const unknown = as('admin', 'desk', 'nobody', '--role', 'support');
    expect([unknown.status, unknown.stderr]).toEqual([4, 'titledesk team desk: The team has no desk named "nobody".\n']);
    const self = as('admin', 'desk', 'admin', '--role', 'analyst');
    expect(self.status).toBe(1);
    expect(self.stderr).toContain('cannot demote or disable itself');
    for (const args of [['bob'], ['bob', '--deactivate', '--activate'], ['bob', '--role', 'boss'], ['--role', 'support']]) expect(as('admin', 'desk', ...args).status, args.join(' ')).toBe(2);
  });

  it('an analyst is refused every change with exit 3, and support may not set budgets', () => {
    for (const args of [['budget', 'GBP', 'day', '1'], ['settings', '--claim-timeout', '1m'], ['desk', 'bob', '--role', 'admin'], ['release', '1']]) {
      const result = as('alice', ...args);
      expect(result.status, args.join(' ')).toBe(3);
      expect(result.stderr).toMatch(/needs an? (admin|support or admin) desk: this desk \(alice\) is an analyst desk/);
    }
    expect(as('helen', 'budget', 'GBP', 'day', '1')).toMatchObject({ status: 3, stderr: 'titledesk team budget: Setting a budget limit needs an admin desk: this desk (helen) is a support desk of its team.\n' });
  });

  it('release: support is refused until the claim timeout has passed, then frees the claims', async () => {
    const begun = await alice.begin({ environment: 'live', localId: 'cli-dead-1', resourceKind: 'title', resource: 'DN200', lines, currency: 'GBP' });
    if (begun.outcome !== 'begun') throw new Error(`expected a begin, got ${begun.outcome}`);
    const id = begun.purchase.purchaseId;

    const early = as('helen', 'release', id);
    expect(early.status).toBe(1);
    expect(early.stderr).toMatch(new RegExp(`may still be on its way: desk alice last reported at \\d\\d:\\d\\d:\\d\\d, and it becomes releasable at \\d\\d:\\d\\d:\\d\\d`));
    const shown = as('helen', 'show');
    expect(shown.stdout).toContain('Limits:   GBP day 250.5000 (0.7500 spent today)');
    expect(shown.stdout).toMatch(new RegExp(`team purchase ${id} by desk alice: title DN200, 1 variable; last report \\d\\d:\\d\\d, releasable at \\d\\d:\\d\\d`));

    expect(as('admin', 'settings', '--claim-timeout', '1s').status).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const json = as('helen', 'show', '--json');
    expect(json.status).toBe(0);
    const document = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(document).toMatchObject({
      source: 'environment',
      desk: { name: 'helen', role: 'support' },
      team: { name: suite.team.name, reuseWindowSeconds: 604_800, claimTimeoutSeconds: 1, timeZone: 'Europe/Paris' },
      limits: [{ currency: 'GBP', period: 'day', limit: '250.5000', spent: '0.7500', periodStart: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) as unknown }],
      desks: expect.arrayContaining([{ name: 'helen', role: 'support', active: true }]) as unknown,
      waiting: [{ purchaseId: id, desk: 'alice', resourceKind: 'title', resource: 'DN200', variables: [lines[0]?.variable], releasable: true, lastReportAt: expect.stringMatching(/Z$/) as unknown, releasableAt: expect.stringMatching(/Z$/) as unknown }],
    });
    expect(as('helen', 'show').stdout).toContain('releasable now');

    const released = as('helen', 'release', id);
    expect([released.status, released.stderr]).toEqual([0, '']);
    expect(released.stdout).toBe(`Released team purchase ${id} (desk alice, title DN200): its variables are free for any desk to buy; it is now outcome_unknown and its cost stays spent (its request may have reached the service).\n`);
    expect(as('helen', 'show').stdout).toContain('Waiting:  no purchase is waiting for its desk');
    const again = as('helen', 'release', id, '--json');
    expect(again.status).toBe(1);
    expect(JSON.parse(again.stdout)).toMatchObject({ error: { code: 'validation', message: expect.stringContaining('is outcome_unknown, not submitting') as unknown } });
    expect(as('helen', 'release', '999999')).toMatchObject({ status: 4, stderr: 'titledesk team release: The team has no purchase 999999.\n' });
    expect(as('helen', 'release', 'DN200').status).toBe(2);
    expect(as('helen', 'release').status).toBe(2);
  });

  it('says when the team database cannot be reached (exit 5) or the desk is in no team (exit 2)', () => {
    const unreachable = { url: `postgres://${deskOf(suite.team, 'admin').login}:${deskOf(suite.team, 'admin').password}@127.0.0.1:1/nothing?sslmode=disable` };
    for (const args of [['show'], ['budget', 'GBP', 'day', '1'], ['release', '1']]) {
      const result = as(unreachable, ...args);
      expect(result.status, args.join(' ')).toBe(5);
      expect(result.stderr).toContain('cannot be reached');
    }
    const none = as({ url: '' }, 'show');
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('This desk is in no team');
  });
});
