// Desk A's `titledesk purchase` holds a title's variables while desks B and C run `titledesk batch`
// on that title as real processes: their lines are not sent, and their output names desk A and its
// team purchase, being bought and then bought, in text and in --json.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, spawnCli } from '../../integration/fixtures/run-cli.ts';
import { startCliTeamSuite, type CliTeamSuite } from '../support/team-cli.ts';
import { teamServerMissing, teamSkipReason } from '../support/team-db.ts';

/** Resolves once the process has written `text` on stderr. */
function said(child: ChildProcessWithoutNullStreams, text: string): Promise<void> {
  let seen = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) resolve();
    });
    child.on('close', () => { reject(new Error(`exited without saying ${JSON.stringify(text)}:\n${seen}`)); });
  });
}

interface BatchJson {
  rows: { state: string; purchaseId: string | null; reason: string | null; reused: boolean; values: Record<string, string>; heldBy?: { desk: string; teamPurchaseId: string } }[];
  totals: { bought: number; reused: number; spent: Record<string, number> };
}

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'titledesk batch on variables another desk is buying', () => {
  let suite: CliTeamSuite;

  beforeAll(async () => {
    suite = await startCliTeamSuite('batchheld', { da: 'analyst', db: 'analyst', dc: 'analyst' });
  });
  afterAll(() => suite.close());

  it('says the line is being bought, then bought, by desk da with its team purchase; sends nothing', async () => {
    const { sandbox, superuser, folder, envOf } = suite;
    const [title = ''] = sandbox.config.sampleTitles;
    const variables = sandbox.config.sampleVariables.slice(0, 2);
    const vars = variables.flatMap((variable) => ['--var', variable]);
    // Desk da's purchase stays pending while its result answers 429 ("not now"): it holds the variables.
    sandbox.setFaults([{ target: 'result', kind: 'status429', retryAfterSeconds: 1 }]);
    const buyer = spawnCli(['purchase', '--title', title, ...vars], envOf('da'));
    const bought = finished(buyer);
    let held: { id: string; service_purchase_id: string | null } | undefined;
    while (held === undefined) {
      [held] = await superuser<{ id: string; service_purchase_id: string | null }[]>`SELECT id::text, service_purchase_id FROM titledesk.purchases WHERE accepted`;
      if (held === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const csv = join(folder, 'rows.csv');
    writeFileSync(csv, `title_number,ref\n${title},r1\n`);
    const text = spawnCli(['batch', csv, ...vars], envOf('db'));
    const json = spawnCli(['batch', csv, ...vars, '--json'], envOf('dc'));
    const runs = [finished(text), finished(json)];
    const beingBought = `row 1 ${title}: Not sent: 2 variables being bought by desk da (team purchase ${held.id}); it is reused from there.`;
    await Promise.all([said(text, beingBought), said(json, beingBought)]);
    sandbox.setFaults([]);
    const [textRun, jsonRun] = await Promise.all(runs);
    const buyerRun = await bought;
    expect(buyerRun.code, buyerRun.stderr).toBe(0);
    expect(textRun?.code, textRun?.stderr).toBe(0);
    expect(jsonRun?.code, jsonRun?.stderr).toBe(0);
    // Only desk da's POST went to the service.
    expect(sandbox.log().filter((entry) => entry.class === 'purchase')).toHaveLength(1);
    const boughtWords = `Not sent: 2 variables bought by desk da (team purchase ${held.id}); it is reused from there.`;
    expect(textRun?.stdout).toContain('1 line was reused from another team purchase:');
    expect(textRun?.stdout).toContain(`reused: ${boughtWords}`);
    expect(textRun?.stdout).toContain('bought 0, reused 1');
    const document = JSON.parse(jsonRun?.stdout ?? '{}') as BatchJson;
    const [row] = document.rows;
    expect(row?.state).toBe('reused');
    expect(row?.heldBy).toEqual({ desk: 'da', teamPurchaseId: held.id });
    expect(row?.purchaseId).toBe(held.service_purchase_id);
    expect(row?.reason).toBe(boughtWords);
    expect(Object.keys(row?.values ?? {})).toHaveLength(2);
    expect(document.totals).toMatchObject({ bought: 0, reused: 1, spent: {} });
  });
});
