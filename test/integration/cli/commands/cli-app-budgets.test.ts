import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import type { SpendingSettings } from '../../../../shared/money/spending.ts';
import { worldTitles } from '../../fixtures/batch-file.ts';
import { developerEnv, runCli } from '../../fixtures/run-cli.ts';

// The CLI on the app's data folder obeys the app's settings: its budgets (checked atomically
// across processes racing on one folder), its confirmation amount and its reuse window.
let sandbox: RunningSandbox;
let dataDir: string;
let variable: string;
let price: number;
let nextTitle = 900;

const posts = (): number => sandbox.stats().purchase;
const purchaseJsonSchema = z.object({ state: z.string(), totals: z.array(z.object({ currency: z.string(), value: z.number() })) });

function titles(count: number): string[] {
  const picked = worldTitles(count, [], nextTitle);
  nextTitle += count;
  return picked;
}

/** settings.json as the app writes it, with one environment for the sandbox and these spending settings. */
function writeAppSettings(spending: Partial<SpendingSettings>, reuseDays = 30): void {
  const environment = { id: 'team-sandbox', name: 'Team sandbox', baseUrl: sandbox.baseUrl, authMode: 'developer', kind: 'local' };
  const settings = {
    environments: [environment],
    selectedEnvironmentId: environment.id,
    advanced: {},
    purchasing: { reuseDays, batchConcurrency: 8, spending: { [environment.id]: { confirmAbove: {}, daily: {}, monthly: {}, ...spending } } },
  };
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(settings));
}

const buy = (title: string, ...flags: string[]) => runCli(['purchase', '--title', title, '--var', variable, '--json', ...flags], developerEnv(sandbox, dataDir));

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [0, 0] } });
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-cli-budgets-'));
  variable = sandbox.config.sampleVariables[0] ?? '';
  writeAppSettings({});
  const first = await buy(titles(1)[0] ?? '');
  expect(first.code).toBe(0);
  price = purchaseJsonSchema.parse(JSON.parse(first.stdout)).totals[0]?.value ?? Number.NaN;
  expect(price).toBeGreaterThan(0);
}, 60_000);

afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('titledesk purchase on the app\'s data folder', () => {
  it('reuses variables bought within the app\'s reuse window, and buys again with --buy-again or a window of 0', async () => {
    const [title = ''] = titles(1);
    expect((await buy(title)).code).toBe(0);
    const before = posts();
    const reused = await buy(title);
    expect(reused.code).toBe(0);
    expect(reused.stderr).toContain('reuse window (30 days)');
    expect(posts()).toBe(before);
    expect((await buy(title, '--buy-again')).code).toBe(0);
    expect(posts()).toBe(before + 1);
    writeAppSettings({}, 0);
    expect((await buy(title)).code).toBe(0);
    expect(posts()).toBe(before + 2);
    writeAppSettings({});
  }, 60_000);

  it('asks for the second confirmation above the app\'s amount, and buys with --confirm', async () => {
    writeAppSettings({ confirmAbove: { GBP: price / 2 } });
    const [title = ''] = titles(1);
    const before = posts();
    const refused = await buy(title);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('above the amount set for a second confirmation');
    expect(refused.stderr).toContain('--confirm');
    expect(posts()).toBe(before);
    expect((await buy(title, '--confirm')).code).toBe(0);
    expect(posts()).toBe(before + 1);
    writeAppSettings({});
  }, 60_000);

  it('six processes racing on one folder buy exactly what the daily budget allows; the others exit 6 having sent nothing', async () => {
    // Every purchase so far was of the one variable, at one price.
    const spent = posts() * price;
    writeAppSettings({ daily: { GBP: Math.round((spent + price * 2.5) * 10_000) / 10_000 } });
    const before = posts();
    const runs = await Promise.all(titles(6).map((title) => buy(title)));
    const codes = runs.map((run) => run.code).sort();
    expect(codes).toEqual([0, 0, 6, 6, 6, 6]);
    for (const run of runs.filter((each) => each.code === 6)) expect(run.stderr).toContain("This would go over today's budget");
    expect(posts()).toBe(before + 2);
    writeAppSettings({});
  }, 90_000);
});

describe('titledesk batch on the app\'s data folder', () => {
  it('stops at the app\'s monthly budget with 8 lines in flight: exactly 3 bought, exit 6', async () => {
    const spent = posts() * price;
    writeAppSettings({ monthly: { GBP: Math.round((spent + price * 3.5) * 10_000) / 10_000 } });
    const csv = join(dataDir, 'eight.csv');
    writeFileSync(csv, `title_number\n${titles(8).join('\n')}\n`);
    const before = posts();
    const run = await runCli(['batch', csv, '--var', variable, '--reuse-days', '0', '--json'], developerEnv(sandbox, dataDir));
    expect(run.code).toBe(6);
    expect(posts()).toBe(before + 3);
    writeAppSettings({});
  }, 90_000);

  it('refuses a --budget in a currency the batch does not spend, before anything is sent', async () => {
    const csv = join(dataDir, 'two.csv');
    writeFileSync(csv, `title_number\n${titles(2).join('\n')}\n`);
    const before = posts();
    const run = await runCli(['batch', csv, '--var', variable, '--budget', '5EUR'], developerEnv(sandbox, dataDir));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--budget is in EUR, but this batch spends GBP');
    expect(posts()).toBe(before);
  }, 60_000);

  it('a damaged settings file stops the command (exit 7) rather than dropping the app\'s budgets', async () => {
    writeFileSync(join(dataDir, 'settings.json'), '{"purchasing": {');
    const before = posts();
    const run = await buy(titles(1)[0] ?? '');
    expect(run.code).toBe(7);
    expect(run.stderr).toContain('its budgets cannot be honoured');
    expect(posts()).toBe(before);
    writeAppSettings({});
  }, 60_000);
});
