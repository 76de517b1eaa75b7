// Eight desks in eight real processes race to begin purchases of the same few titles' variables,
// with a team day budget that runs out on the way. Afterwards, read as the superuser: no variable
// is held by two live purchases (never paid twice), and each budget row equals the sum of its
// purchases' costs, never over its limit. Half the desks begin in groups, as a desk does, and half
// one call at a time, so groups race groups and single begins.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, teamServerMissing, teamSkipReason, type TestDatabase } from '../support/team-db.ts';
import { deskUrl, openDesk, seedTeam, type SeededTeam } from '../support/team-fixture.ts';

const desks = 8;
const attempts = Number(process.env['TITLEDESK_TEAM_RACE_ATTEMPTS'] ?? '250');
const dayLimit = '30.0000';

interface DeskReport {
  readonly desk: string;
  readonly ms: number;
  readonly begun: number;
  readonly partly: number;
  readonly allHeld: number;
  readonly budgetRefused: number;
  readonly existing: number;
  readonly released: number;
  readonly settled: number;
  readonly failedAfterAccepted: number;
  readonly errors: number;
  readonly largestGroup: number;
  readonly stderr: string;
}

function startDesk(url: string, name: string, mode: 'groups' | 'alone'): { child: ChildProcessWithoutNullStreams; ready: Promise<void>; report: Promise<DeskReport> } {
  const script = join(import.meta.dirname, '..', 'support', 'race-desk.ts');
  const child = spawn(process.execPath, [script, url, name, String(attempts), '200', '6', mode === 'groups' ? '8' : '4', mode], { stdio: 'pipe' });
  const lines = createInterface({ input: child.stdout });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const ready = new Promise<void>((resolve, reject) => {
    lines.once('line', (line) => { if (line === 'ready') resolve(); else reject(new Error(`${name} said ${line}`)); });
    child.once('exit', (code) => { reject(new Error(`${name} exited ${String(code)} before ready: ${stderr}`)); });
  });
  const report = new Promise<DeskReport>((resolve, reject) => {
    let last = '';
    lines.on('line', (line) => { last = line; });
    child.once('exit', (code) => {
      if (code === 0) resolve({ ...(JSON.parse(last) as DeskReport), stderr });
      else reject(new Error(`${name} exited ${String(code)}: ${stderr}`));
    });
  });
  return { child, ready, report };
}

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : `${String(desks)} desk processes racing`, () => {
  let database: TestDatabase;
  let team: SeededTeam;
  let superuser: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase();
    const roles = Object.fromEntries(Array.from({ length: desks }, (_unused, index) => [`desk${String(index)}`, 'analyst' as const]));
    team = await seedTeam(database.url, 'race', roles);
    const admin = await openDesk(database.url, team, 'admin');
    await admin.setBudget('GBP', 'day', dayLimit);
    await admin.close();
    superuser = postgres(database.url, { max: 1, onnotice: () => undefined });
  });
  afterAll(async () => {
    await superuser.end();
    await database.drop();
  });

  it('never claims a variable twice and never spends past the budget', async () => {
    const started = Array.from({ length: desks }, (_unused, index) => startDesk(deskUrl(database.url, team, `desk${String(index)}`), `desk${String(index)}`, index % 2 === 0 ? 'alone' : 'groups'));
    await Promise.all(started.map((desk) => desk.ready));
    for (const desk of started) desk.child.stdin.write('go\n');
    const reports = await Promise.all(started.map((desk) => desk.report));
    const total = (key: keyof Omit<DeskReport, 'desk' | 'ms' | 'stderr' | 'largestGroup'>): number => reports.reduce((sum, report) => sum + report[key], 0);

    // Never paid twice: no variable of a title is held by two purchases that are not failed or cancelled.
    const doubles = await superuser<{ resource: string; variable: string; holders: number }[]>`
      SELECT p.resource, v.variable, count(*)::int AS holders
      FROM titledesk.purchases p CROSS JOIN LATERAL unnest(p.variables) AS v(variable)
      WHERE p.state NOT IN ('failed', 'cancelled')
      GROUP BY p.team_id, p.environment, p.resource_kind, p.resource, v.variable HAVING count(*) > 1`;
    // Each claim row points at the purchase that holds it, and that purchase lists the variable.
    const strayClaims = await superuser`
      SELECT c.resource, c.variable FROM titledesk.claims c JOIN titledesk.purchases p ON p.id = c.purchase_id
      WHERE c.released_at IS NULL AND NOT (c.variable = ANY (p.variables) AND p.resource = c.resource)`;
    expect(strayClaims).toEqual([]);

    // The budget rows equal the sum of the costs they were charged, and never pass the limit.
    const budgets = await superuser<{ period: string; start: string; limit: string | null; spent: string; charged: string }[]>`
      SELECT b.period, b.period_start::text AS start, b.limit_amount::text AS limit, b.spent::text AS spent,
             coalesce((SELECT sum(p.cost) FROM titledesk.purchases p
                       WHERE p.team_id = b.team_id AND p.currency = b.currency AND NOT p.budget_released
                         AND (CASE b.period WHEN 'day' THEN p.budget_day ELSE p.budget_month END) = b.period_start), 0)::numeric(20,4)::text AS charged
      FROM titledesk.budgets b ORDER BY b.period, b.period_start`;
    const slowest = Math.max(...reports.map((report) => report.ms));
    console.log(`team race: ${String(desks)} desks × ${String(attempts)} attempts in ${String(slowest)} ms: ${JSON.stringify({
      begun: total('begun'), partlyHeld: total('partly'), allHeld: total('allHeld'), budgetRefused: total('budgetRefused'),
      released: total('released'), failedAfterAccepted: total('failedAfterAccepted'), settled: total('settled'), doubleClaims: doubles.length,
      budget: budgets.map((row) => `${row.period} ${row.spent}/${row.limit ?? '∞'} (purchases ${row.charged})`),
    })}`);
    expect(reports.map((report) => report.stderr).join('')).toBe('');
    expect(total('errors')).toBe(0);
    expect(total('begun') + total('allHeld') + total('budgetRefused') + total('existing')).toBe(desks * attempts);
    expect(doubles).toEqual([]);
    expect(budgets.length).toBeGreaterThanOrEqual(2);
    for (const row of budgets) {
      expect(row.spent).toBe(row.charged);
      if (row.limit !== null) expect(Number(row.spent.replace('.', ''))).toBeLessThanOrEqual(Number(row.limit.replace('.', '')));
    }
    // The race was real: claims were contended and the budget ran out on the way.
    expect(total('allHeld') + total('partly')).toBeGreaterThan(0);
    expect(total('budgetRefused')).toBeGreaterThan(0);
    // The grouped desks did send several begins in one call.
    expect(Math.min(...reports.filter((_report, index) => index % 2 === 1).map((report) => report.largestGroup))).toBeGreaterThan(1);
  });
});
