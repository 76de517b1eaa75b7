import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startCore } from '../../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { MemorySettingsStore } from '../../../electron/core/settings/settings-store.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { startWebHost } from '../../../electron/web/web-host.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { developerEnv, runCli } from '../fixtures/run-cli.ts';
import { canMountSmallDisk, fillDisk, mountSmallDisk, resizeSmallDisk, unmountSmallDisk } from '../fixtures/small-disk.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const bin = join(root, 'bin', 'titledesk.mjs');
const folder = mkdtempSync(join(tmpdir(), 'titledesk-disk-full-hosts-'));
const mountable = canMountSmallDisk(join(folder, 'probe'));
const variable = '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';
let sandbox: RunningSandbox;
let csv: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, logLimit: 10_000 });
  csv = join(folder, 'titles.csv');
  writeFileSync(csv, `title_number\n${worldTitles(300, [], 900).join('\n')}\n`);
});

afterAll(async () => {
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
});

const postsPerTitle = (): number[] => {
  const counts = new Map<string, number>();
  for (const entry of sandbox.log()) if (entry.class === 'purchase') counts.set(entry.path, (counts.get(entry.path) ?? 0) + 1);
  return [...counts.values()];
};

describe.skipIf(!mountable)('a full disk under the data folder (a real tmpfs)', () => {
  it('the CLI batch says the disk is full and names the folder, exit 7; after space returns, --resume buys nothing twice', async () => {
    const disk = join(folder, 'cli-disk');
    expect(mountSmallDisk(disk, '3m')).toBe(true);
    try {
      const dataDir = join(disk, 'data');
      const env = developerEnv(sandbox, dataDir);
      expect((await runCli(['history'], env)).code).toBe(0);
      // Room for the batch to be journaled and a few lines bought; the disk fills mid-batch.
      fillDisk(disk, 400 * 1024);
      const full = await runCli(['batch', csv, '--var', variable, '--concurrency', '8'], env);
      expect(full.stderr).toContain(`The disk holding the data folder ${dataDir} is full`);
      expect(full.stderr).not.toMatch(/cannot rollback|unexpected failure/);
      expect(full.code).toBe(7);
      resizeSmallDisk(disk, '64m');
      // Whether the disk filled before or after the batch was journaled, what was paid is kept.
      const journaled = full.stderr.includes('journaled');
      const resumed = await runCli(journaled ? ['batch', '--resume', '--json'] : ['batch', csv, '--var', variable, '--json'], env);
      expect([0, 5], resumed.stderr).toContain(resumed.code);
      expect(postsPerTitle().every((count) => count === 1)).toBe(true);
      expect(postsPerTitle().length).toBeGreaterThan(200);
    } finally {
      unmountSmallDisk(disk);
    }
  }, 120_000);

  it('browser mode answers a data-folder error naming the folder, not "internal", and keeps serving', async () => {
    const disk = join(folder, 'web-disk');
    expect(mountSmallDisk(disk, '3m')).toBe(true);
    const staticDir = mkdtempSync(join(folder, 'static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>TitleDesk</title>');
    const dataDir = join(disk, 'data');
    const started = await startCore({ dataDir, secrets: new MemorySecretStore(), settings: new MemorySettingsStore(), sandbox: {} });
    const host = await startWebHost({ router: started.core.router, events: started.core.events, staticDir });
    try {
      fillDisk(disk, 32 * 1024);
      const key = new URL(host.url).hash.replace('#key=', '');
      const titles = started.sandbox?.config.sampleTitles ?? [];
      const rows = Array.from({ length: 3000 }, (_, index) => `${titles[index % titles.length] ?? ''},${'n'.repeat(200)}${String(index)}`);
      const response = await fetch(`${host.origin}/api/invoke/batch:preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-titledesk-key': key },
        body: JSON.stringify({ source: 'big.csv', csv: `title_number,note\n${rows.join('\n')}\n`, variables: started.sandbox?.config.sampleVariables.slice(0, 1) ?? [], tenure: 'all' }),
      });
      expect(await response.json()).toEqual({ ok: false, error: { code: 'data_dir', message: expect.stringContaining(`The disk holding the data folder ${dataDir} is full`) as unknown } });
      expect((await fetch(`${host.origin}/`)).status).toBe(200);
    } finally {
      await host.close();
      await started.close();
      unmountSmallDisk(disk);
    }
  }, 120_000);

  it('a log on the full disk never ends the process: a batch logging to it finishes its work', async () => {
    const disk = join(folder, 'log-disk');
    expect(mountSmallDisk(disk, '64k')).toBe(true);
    try {
      fillDisk(disk, 0);
      const log = openSync(join(disk, 'stderr.log'), 'w');
      const dataDir = mkdtempSync(join(folder, 'data-'));
      const titles = worldTitles(5, [], 1300);
      const small = join(folder, 'five.csv');
      writeFileSync(small, `title_number\n${titles.join('\n')}\n`);
      const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(WF_|LOQATE_|TITLEDESK_)/.test(name)));
      const child = spawn(process.execPath, [bin, 'batch', small, '--var', variable, '--json'], {
        env: { ...inherited, ...developerEnv(sandbox, dataDir) }, stdio: ['ignore', 'pipe', log],
      });
      closeSync(log);
      let stdout = '';
      child.stdout?.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(0);
      expect(z.object({ totals: z.object({ bought: z.number() }) }).parse(JSON.parse(stdout)).totals.bought).toBe(5);
    } finally {
      unmountSmallDisk(disk);
    }
  }, 60_000);

  // titledesk web serves the built app: skipped until it is built.
  it.skipIf(!existsSync(join(root, 'dist', 'index.html')))('the browser-mode host with its log on the full disk starts and serves', async () => {
    const disk = join(folder, 'web-log-disk');
    expect(mountSmallDisk(disk, '64k')).toBe(true);
    try {
      fillDisk(disk, 0);
      const log = openSync(join(disk, 'web.log'), 'w');
      const child = spawn(process.execPath, [bin, 'web', '--no-open', '--data-dir', mkdtempSync(join(folder, 'web-data-')), '--outage', '5'], { stdio: ['ignore', 'pipe', log] });
      closeSync(log);
      try {
        const firstLine = await new Promise<string>((resolve, reject) => {
          let stdout = '';
          child.stdout?.on('data', (chunk: Buffer) => {
            stdout += chunk.toString();
            if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
          });
          child.once('exit', (code) => { reject(new Error(`titledesk web exited with ${String(code)}`)); });
        });
        const url = new URL(z.object({ url: z.string() }).parse(JSON.parse(firstLine)).url);
        expect((await fetch(url.origin)).status).toBe(200);
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('close', resolve));
      }
    } finally {
      unmountSmallDisk(disk);
    }
  }, 60_000);
});
