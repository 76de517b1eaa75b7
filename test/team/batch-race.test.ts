// Real `titledesk batch` processes of three desks on the same titles at once, against one sandbox
// and one team database: every line's POST is begun in the database first, none twice.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox/index.ts';
import { developerEnv, runCli } from '../integration/fixtures/run-cli.ts';
import { createTestDatabase, teamServerMissing, teamSkipReason, type TestDatabase } from './support/team-db.ts';
import { deskUrl, seedTeam, type SeededTeam } from './support/team-fixture.ts';

const desks = ['b0', 'b1', 'b2'] as const;
const units = (amount: string): bigint => BigInt(amount.replace('.', ''));

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'titledesk batch racing on one team', () => {
  let sandbox: RunningSandbox;
  let database: TestDatabase;
  let team: SeededTeam;
  let superuser: postgres.Sql;
  let folder: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, control: true, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
    database = await createTestDatabase();
    team = await seedTeam(database.url, 'batchrace', Object.fromEntries(desks.map((desk) => [desk, 'analyst' as const])));
    superuser = postgres(database.url, { max: 1, onnotice: () => undefined });
    folder = mkdtempSync(join(tmpdir(), 'titledesk-batch-race-'));
  });
  afterAll(async () => {
    await superuser.end();
    await sandbox.close();
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('buys each variable of each title once across desks; the budget rows equal the costs', async () => {
    const titles = [...sandbox.config.sampleTitles, ...sandbox.config.testTitles].slice(0, 4);
    const csv = join(folder, 'rows.csv');
    writeFileSync(csv, `title_number,ref\n${titles.map((title, index) => `${title},r${String(index)}`).join('\n')}\n`);
    const variables = sandbox.config.sampleVariables.slice(0, 2);
    const runs = desks.map((desk) => {
      const dataDir = mkdtempSync(join(folder, `${desk}-`));
      const env = { ...developerEnv(sandbox, dataDir), TITLEDESK_TEAM_DATABASE_URL: deskUrl(database.url, team, desk) };
      return runCli(['batch', csv, ...variables.flatMap((variable) => ['--var', variable]), '--json'], env);
    });
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
