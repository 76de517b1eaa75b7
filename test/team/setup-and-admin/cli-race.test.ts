// Real `titledesk purchase` processes of four desks racing on overlapping titles and variables,
// against one sandbox and one team database: the sandbox counts the POSTs, the database the money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../../integration/fixtures/run-cli.ts';
import { startCliTeamSuite, type CliTeamSuite } from '../support/team-cli.ts';
import { teamServerMissing, teamSkipReason } from '../support/team-db.ts';

const desks = ['d0', 'd1', 'd2', 'd3'] as const;
const perDesk = 3;
/** numeric(20,4) as text, in 1/10,000 units: compared exactly. */
const units = (amount: string): bigint => BigInt(amount.replace('.', ''));

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'titledesk purchase racing on one team', () => {
  let suite: CliTeamSuite;

  beforeAll(async () => {
    suite = await startCliTeamSuite('clirace', Object.fromEntries(desks.map((desk) => [desk, 'analyst' as const])));
  });
  afterAll(() => suite.close());

  it('POSTs each variable of a title once, and the budget rows equal the costs taken', async () => {
    const { sandbox, superuser, team, envOf } = suite;
    const [titleA = '', titleB = ''] = sandbox.config.sampleTitles;
    const variables = sandbox.config.sampleVariables.slice(0, 3);
    // A day's limit some purchases will hit: refusals must leave the row exact too.
    await (await suite.open('admin')).setBudget('GBP', 'day', '1.0000');
    const runs: Promise<CliRun>[] = [];
    let n = 0;
    for (const desk of desks) {
      for (let index = 0; index < perDesk; index += 1) {
        n += 1;
        const title = n % 2 === 0 ? titleA : titleB;
        const chosen = variables.filter((_variable, position) => (n + position) % 3 !== 0);
        runs.push(runCli(['purchase', '--title', title, ...chosen.flatMap((variable) => ['--var', variable]), '--json'], envOf(desk)));
      }
    }
    const finished = await Promise.all(runs);
    const codes = finished.map((run) => run.code);
    // Bought, reused (another desk's purchase, waited for) or refused by the team's budget (6).
    for (const run of finished) expect([0, 6], run.stderr).toContain(run.code);
    for (const run of finished) expect(run.stderr).not.toContain(team.desks['d0']?.password ?? '-');
    const posts = sandbox.log().filter((entry) => entry.class === 'purchase');
    const rows = await superuser<{ id: string; resource: string; variables: string[]; cost: string; accepted: boolean; budget_released: boolean; service_purchase_id: string | null; budget_day: string; budget_month: string }[]>`
      SELECT id::text, resource, variables, cost::text, accepted, budget_released, service_purchase_id, budget_day::text, budget_month::text FROM titledesk.purchases`;
    const accepted = rows.filter((row) => row.accepted);
    // Every POST was begun in the database first, and no (title, variable) was POSTed twice.
    expect(posts.length).toBe(accepted.length);
    const postedIds = new Set(posts.map((entry) => entry.purchaseId));
    for (const row of accepted) expect(postedIds.has(row.service_purchase_id ?? '')).toBe(true);
    const pairs = accepted.flatMap((row) => row.variables.map((variable) => `${row.resource} ${variable}`));
    expect(new Set(pairs).size).toBe(pairs.length);
    // Each budget row is exactly the sum of the costs still taken from it, and never over its limit.
    const budgets = await superuser<{ period: string; period_start: string; spent: string; limit_amount: string | null }[]>`
      SELECT period, period_start::text, spent::text, limit_amount::text FROM titledesk.budgets`;
    for (const budget of budgets) {
      const taken = rows.filter((row) => !row.budget_released && (budget.period === 'day' ? row.budget_day : row.budget_month) === budget.period_start);
      expect(units(budget.spent)).toBe(taken.reduce((sum, row) => sum + units(row.cost), 0n));
      if (budget.limit_amount !== null) expect(units(budget.spent) <= units(budget.limit_amount)).toBe(true);
    }
    // A desk's new folder shows what the team bought: in its history, and by purchase ID.
    const support = envOf('d3');
    const history = await runCli(['history', '--json'], support);
    expect(history.code, history.stderr).toBe(0);
    for (const row of accepted) expect(history.stdout).toContain(row.service_purchase_id ?? '-');
    const checked = await runCli(['check', accepted[0]?.service_purchase_id ?? '-', '--json'], support);
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout).toContain('"state": "available"');
    console.info(`cli race: ${String(finished.length)} processes, exit codes ${JSON.stringify(codes)}, ${String(rows.length)} begun, ${String(accepted.length)} accepted, ${String(posts.length)} POSTs, ${String(pairs.length)} variables bought, day row ${budgets.find((budget) => budget.period === 'day')?.spent ?? '-'}`);
  });
});
