// Real `titledesk batch` processes of three desks on the same titles at once, against one sandbox
// and one team database: every line's POST is begun in the database first, none twice.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../integration/fixtures/run-cli.ts';
import { startCliTeamSuite, type CliTeamSuite } from '../support/team-cli.ts';
import { teamServerMissing, teamSkipReason } from '../support/team-db.ts';

const desks = ['b0', 'b1', 'b2'] as const;
const units = (amount: string): bigint => BigInt(amount.replace('.', ''));

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'titledesk batch racing on one team', () => {
  let suite: CliTeamSuite;

  beforeAll(async () => {
    suite = await startCliTeamSuite('batchrace', Object.fromEntries(desks.map((desk) => [desk, 'analyst' as const])));
  });
  afterAll(() => suite.close());

  it('buys each variable of each title once across desks; the budget rows equal the costs', async () => {
    const { sandbox, superuser, folder, envOf } = suite;
    const titles = [...sandbox.config.sampleTitles, ...sandbox.config.testTitles].slice(0, 4);
    const csv = join(folder, 'rows.csv');
    writeFileSync(csv, `title_number,ref\n${titles.map((title, index) => `${title},r${String(index)}`).join('\n')}\n`);
    const variables = sandbox.config.sampleVariables.slice(0, 2);
    const runs = desks.map((desk) => runCli(['batch', csv, ...variables.flatMap((variable) => ['--var', variable]), '--json'], envOf(desk)));
    const finished = await Promise.all(runs);
    for (const run of finished) expect(run.code, run.stderr).toBe(0);
    const posts = sandbox.log().filter((entry) => entry.class === 'purchase');
    const rows = await superuser<{ resource: string; variables: string[]; cost: string; accepted: boolean; budget_released: boolean; service_purchase_id: string | null; budget_day: string }[]>`
      SELECT resource, variables, cost::text, accepted, budget_released, service_purchase_id, budget_day::text FROM titledesk.purchases`;
    const accepted = rows.filter((row) => row.accepted);
    expect(posts.length).toBe(accepted.length);
    const pairs = accepted.flatMap((row) => row.variables.map((variable) => `${row.resource} ${variable}`));
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs.length).toBe(titles.length * variables.length);
    const [day] = await superuser<{ spent: string }[]>`SELECT spent::text FROM titledesk.budgets WHERE period = 'day'`;
    expect(units(day?.spent ?? '0')).toBe(rows.filter((row) => !row.budget_released).reduce((sum, row) => sum + units(row.cost), 0n));
    console.info(`batch race: ${String(desks.length)} batches of ${String(titles.length)} lines, ${String(rows.length)} begun, ${String(posts.length)} POSTs, ${String(pairs.length)} variables bought, day row ${day?.spent ?? '-'}`);
  });
});
