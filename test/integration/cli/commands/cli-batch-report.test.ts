import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { worldTitles } from '../../fixtures/batch-file.ts';
import { developerEnv, runCli } from '../../fixtures/run-cli.ts';

// A batch's end on the command line (issue 63, item 25): the text names each refused row and why,
// the CSV has one title_number column and a reason column, and totals.reused counts every row
// that reused a value. Money is written with its currency (item 27).

let sandbox: RunningSandbox;
let folder: string;
let dataDir: string;
const uprn = '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';
const rating = '/vars/EPC/Domestic Certificates#Energy/Rating/Current/Current Energy Rating';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
  folder = mkdtempSync(join(tmpdir(), 'titledesk-batch-report-'));
  dataDir = join(folder, 'data');
});

afterAll(async () => {
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
});

const documentSchema = z.object({
  rows: z.array(z.object({ row: z.number(), state: z.string(), reused: z.boolean(), reason: z.string().nullable() })),
  totals: z.object({ bought: z.number(), reused: z.number(), refused: z.number() }),
});

describe('batch output', () => {
  const [bought = '', fresh = '', again = ''] = worldTitles(3, [], 40);
  const csv = (): string => {
    const path = join(folder, 'rows.csv');
    writeFileSync(path, `title_number,ref\n${bought},a\n${fresh},b\nNOPE99999999,c\nXX!,d\n`);
    return path;
  };

  it('text names every refused row with its input and reason; the CSV has one title_number and a reason column', async () => {
    const first = await runCli(['purchase', '--title', bought, '--var', uprn], developerEnv(sandbox, dataDir));
    expect(first.code, first.stderr).toBe(0);
    const out = join(folder, 'out.csv');
    const run = await runCli(['batch', csv(), '--var', uprn, '--var', rating, '--out', out], developerEnv(sandbox, dataDir));
    expect(run.code, run.stderr).toBe(4);
    expect(run.stdout).toContain('2 lines were not bought:');
    expect(run.stdout).toMatch(/row +3 +NOPE99999999 +refused: .*NOPE99999999/);
    expect(run.stdout).toMatch(/row +4 +XX! +refused: Bad title number/);
    expect(run.stdout).toMatch(/spent £\d+\.\d\d/);
    const [header = [], ...rows] = Papa.parse<string[]>(readFileSync(out, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(header.filter((column) => column === 'title_number')).toHaveLength(1);
    expect(header).toContain('reason');
    const reason = header.indexOf('reason');
    expect(rows[2]?.[reason]).toContain('NOPE99999999');
    expect(rows[3]?.[reason]).toContain('Bad title number');
    expect(rows[0]?.[reason]).toBe('');
  }, 90_000);

  it('--json totals.reused counts every row that reused a value, bought-and-reused ones included', async () => {
    const path = join(folder, 'mixed.csv');
    const env = developerEnv(sandbox, dataDir);
    const first = await runCli(['purchase', '--title', again, '--var', uprn], env);
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(path, `title_number\n${again}\n${fresh}\n`);
    const run = await runCli(['batch', path, '--var', uprn, '--var', rating, '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    const document = documentSchema.parse(JSON.parse(run.stdout));
    expect(document.totals.reused).toBe(document.rows.filter((row) => row.reused).length);
    expect(document.totals.reused).toBe(2);
  }, 90_000);

  it('a preview with nothing to buy and --out into a missing folder say money and folders plainly', async () => {
    const path = join(folder, 'reused.csv');
    writeFileSync(path, `title_number\n${bought}\n`);
    const env = developerEnv(sandbox, dataDir);
    const preview = await runCli(['batch', path, '--var', uprn, '--dry-run'], env);
    expect(preview.stdout).toContain('0 to buy for £0.00');
    const missing = join(folder, 'no-such-folder', 'out.csv');
    const run = await runCli(['batch', path, '--var', uprn, '--out', missing], env);
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(`The folder ${join(folder, 'no-such-folder')} does not exist`);
  }, 90_000);
});
