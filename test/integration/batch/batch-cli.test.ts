import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startCore } from '../../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { ConfSettingsStore } from '../../../electron/core/settings/conf-settings-store.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { developerEnv, finished, spawnCli, type CliRun } from '../fixtures/run-cli.ts';

let sandbox: RunningSandbox;
let folder: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, logLimit: 10_000, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [2, 2] } });
  folder = mkdtempSync(join(tmpdir(), 'titledesk-batch-cli-'));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
});

function start(args: readonly string[], dataDir: string): ChildProcessWithoutNullStreams {
  return spawnCli(['batch', ...args], developerEnv(sandbox, dataDir));
}

function run(args: readonly string[], dataDir: string): Promise<CliRun> {
  return finished(start(args, dataDir));
}

const documentSchema = z.strictObject({
  batchId: z.string().nullable(),
  rows: z.array(z.object({
    row: z.number(), titleNumber: z.string().nullable(), state: z.string(), purchaseId: z.string().nullable(), reused: z.boolean(),
    total: z.array(z.object({ value: z.number(), currency: z.string() })), values: z.record(z.string(), z.string()), reason: z.string().nullable(),
  })),
  totals: z.strictObject({ bought: z.number(), reused: z.number(), refused: z.number(), failed: z.number(), spent: z.record(z.string(), z.number()) }),
  stoppedBy: z.enum(['budget']).nullable(),
  budgetAllows: z.number().nullable().optional(),
});

function csvOf(name: string, titles: readonly string[]): string {
  const path = join(folder, name);
  writeFileSync(path, `title_number,ref\n${titles.map((title, index) => `${title},r${String(index)}`).join('\n')}\n`);
  return path;
}

const vars = ['--var', '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number', '--var', '/vars/EPC/Domestic Certificates#Energy/Rating/Current/Current Energy Rating'];
const postsPerTitle = (): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const entry of sandbox.log()) {
    if (entry.class !== 'purchase') continue;
    const title = /\/titles\/([^/]+)\//.exec(entry.path)?.[1] ?? '';
    counts.set(title, (counts.get(title) ?? 0) + 1);
  }
  return counts;
};

describe('titledesk batch', () => {
  it('refuses bad arguments and unreadable files with exit 2, sending nothing', async () => {
    const dataDir = mkdtempSync(join(folder, 'data-'));
    const before = sandbox.stats().purchase;
    expect((await run([join(folder, 'missing.csv'), ...vars], dataDir)).code).toBe(2);
    expect((await run([csvOf('a.csv', worldTitles(1, [], 600))], dataDir)).code).toBe(2);
    expect((await run([csvOf('a.csv', worldTitles(1, [], 600)), ...vars, '--tenure', 'both'], dataDir)).code).toBe(2);
    expect((await run([csvOf('a.csv', worldTitles(1, [], 600)), '--preset', 'nope'], dataDir)).code).toBe(2);
    expect(sandbox.stats().purchase).toBe(before);
  }, 60_000);

  it('--preset finds a preset the app saved in the data folder\'s settings, in any case; an unknown name lists the known ones', async () => {
    const dataDir = mkdtempSync(join(folder, 'data-'));
    const app = await startCore({ dataDir, secrets: new MemorySecretStore(), settings: new ConfSettingsStore(dataDir), sandbox: false, resume: false });
    const keys = ['WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number', 'EPC/Domestic Certificates#Energy/Rating/Current/Current Energy Rating'];
    const saved = await app.core.router.dispatch('presets:save', { name: 'Rent check', keys });
    await app.close();
    expect(saved).toMatchObject({ ok: true, data: { presets: [{ name: 'Valuation pack', builtIn: true }, { name: 'Rent check', keys, builtIn: false }] } });
    const file = csvOf('p.csv', worldTitles(1, [], 620));
    const before = sandbox.stats().purchase;
    const done = await run([file, '--preset', 'rent CHECK', '--json'], dataDir);
    expect(done.stderr).not.toContain('no preset');
    expect(done.code).toBe(0);
    const document = documentSchema.parse(JSON.parse(done.stdout));
    expect(Object.keys(document.rows[0]?.values ?? {}).sort()).toEqual(keys.map((key) => `${sandbox.baseUrl}/vars/${key}`).sort());
    expect(sandbox.stats().purchase).toBe(before + 1);
    const unknown = await run([file, '--preset', 'Rent', '--dry-run'], dataDir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no preset named "Rent" (known: "Valuation pack", "Rent check")');
  }, 60_000);

  it('--dry-run prints the preview and sends nothing; a run prints the batch id on stderr, one JSON document, and the workbook', async () => {
    const dataDir = mkdtempSync(join(folder, 'data-'));
    const titles = worldTitles(4, [], 610);
    const file = csvOf('b.csv', titles);
    const before = sandbox.stats().purchase;
    const dry = await run([file, ...vars, '--dry-run', '--json'], dataDir);
    expect(dry.code).toBe(0);
    expect(documentSchema.parse(JSON.parse(dry.stdout)).rows.map((row) => row.state)).toEqual(['queued', 'queued', 'queued', 'queued']);
    expect(sandbox.stats().purchase).toBe(before);
    const out = join(folder, 'b.xlsx');
    const done = await run([file, ...vars, '--json', '--out', out, '--concurrency', '2'], dataDir);
    expect(done.code).toBe(0);
    const document = documentSchema.parse(JSON.parse(done.stdout));
    expect(done.stderr.split('\n')[0]).toBe(`batch ${document.batchId ?? ''} journaled: 4 lines; continue it with: titledesk batch --resume ${document.batchId ?? ''}`);
    expect(document.totals).toMatchObject({ bought: 4, reused: 0, refused: 0, failed: 0 });
    expect(document.totals.spent['GBP']).toBeGreaterThan(0);
    expect(sandbox.stats().purchase).toBe(before + 4);
    const [sheet] = await readXlsxFile(out);
    // The input's own title_number column is the title: not repeated.
    expect(sheet?.data[0]?.filter((cell) => cell === 'title_number')).toHaveLength(1);
    expect(sheet?.data[1]?.slice(0, 4)).toEqual([titles[0], 'r0', null, 'available']);
    const again = await run([file, ...vars, '--json'], dataDir);
    expect(documentSchema.parse(JSON.parse(again.stdout)).totals).toMatchObject({ bought: 0, reused: 4 });
    expect(sandbox.stats().purchase).toBe(before + 4);
  }, 60_000);

  it('exits 6 when the budget stops the batch, and --resume with a larger budget finishes it', async () => {
    const dataDir = mkdtempSync(join(folder, 'data-'));
    const file = csvOf('c.csv', worldTitles(5, [], 620));
    const stopped = await run([file, ...vars, '--json', '--budget', '0.01'], dataDir);
    expect(stopped.code).toBe(6);
    const document = documentSchema.parse(JSON.parse(stopped.stdout));
    expect(document.stoppedBy).toBe('budget');
    expect(document.totals.bought).toBe(0);
    const resumed = await run(['--resume', document.batchId ?? '', '--budget', '100GBP', '--json'], dataDir);
    expect(resumed.code).toBe(0);
    expect(documentSchema.parse(JSON.parse(resumed.stdout))).toMatchObject({ stoppedBy: null, totals: { bought: 5 } });
  }, 60_000);

  it('continues after SIGKILL mid-batch without sending any POST twice', async () => {
    const dataDir = mkdtempSync(join(folder, 'data-'));
    const titles = worldTitles(24, [], 700);
    const child = start([csvOf('d.csv', titles), ...vars, '--concurrency', '3'], dataDir);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise((resolve) => child.on('close', resolve));
    const sent = (): number => titles.filter((title) => postsPerTitle().has(title)).length;
    while (sent() < 6) await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGKILL');
    await exited;
    const killedAfter = sent();
    expect(killedAfter).toBeLessThan(titles.length);
    expect(stderr).toMatch(/^batch [0-9a-f-]{36} journaled/);
    const resumed = await run(['--resume', '--json'], dataDir);
    const document = documentSchema.parse(JSON.parse(resumed.stdout));
    const settled = document.rows.filter((row) => row.state === 'available' || row.state === 'unknown');
    expect(settled).toHaveLength(titles.length);
    expect(resumed.code).toBe(document.totals.failed === 0 ? 0 : 5);
    const counts = postsPerTitle();
    expect(titles.map((title) => counts.get(title))).toEqual(titles.map(() => 1));
    expect(document.totals.bought + document.totals.failed).toBe(titles.length);
  }, 90_000);
});
