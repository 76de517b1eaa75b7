import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forgetStandInsReached, standInsReached } from '../../../build/stand-in-refusal.ts';
import { mainBundleOptions } from '../../../build/main-bundle-options.ts';
import { startCore } from '../../../electron/core/app/start-core.ts';
import { recordFormat, sealedCheckTime, sealPath } from '../../../electron/core/purchases/journal/journal-seal.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { ConfSettingsStore } from '../../../electron/core/settings/conf-settings-store.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import type * as Entry from '../fixtures/bundled-desktop-entry.ts';
import { developerEnv, runCli } from '../fixtures/run-cli.ts';

/**
 * The desktop app cannot run here, and the code it runs is a bundle in which some libraries'
 * parts are stand-ins that refuse (build/main-bundle-options.ts). So what its main process runs at
 * start (settings and window-state files, the core with its journal and embedded sandbox) is
 * bundled the same way and run on a data folder the browser-mode host and the CLI used first,
 * with damaged settings and window-state files. No stand-in may be reached.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const fromRoot = (path: string): string => join(root, path);
const sizes = { width: 1280, height: 820, minWidth: 1024, minHeight: 700 };
const display = { x: 0, y: 0, width: 1920, height: 1080 };
const sealSchema = z.object({ recordFormat: z.string(), closed: z.unknown() });

let out: string;
let dataDir: string;
let bundled: typeof Entry;
let cliSandbox: RunningSandbox;
const lines: string[] = [];

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'titledesk-bundled-desktop-'));
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-desktop-data-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    ...mainBundleOptions(fromRoot),
    ssr: { noExternal: true },
    build: {
      ssr: fromRoot('test/integration/fixtures/bundled-desktop-entry.ts'),
      outDir: out,
      target: 'node24',
      rolldownOptions: { output: { entryFileNames: 'desktop.mjs', minify: true } },
    },
  });
  bundled = await import(pathToFileURL(join(out, 'desktop.mjs')).href) as typeof Entry;
  cliSandbox = await startSandbox({ port: 0, pacing: { readySeconds: [0, 0] } });
}, 120_000);

afterAll(async () => {
  await cliSandbox.close();
  rmSync(out, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** As the browser-mode host (titledesk web) leaves the folder: settings, a sealed journal, a backup. */
async function useAsBrowserHost(): Promise<void> {
  const host = await startCore({ dataDir, secrets: new MemorySecretStore(), settings: new ConfSettingsStore(dataDir), sandbox: { pacing: { readySeconds: [0, 0] } } });
  await buy(host.core, 0);
  await host.close();
}

async function buy(core: { readonly sandbox: { readonly sampleTitles: readonly string[]; readonly sampleVariables: readonly string[] } | undefined; readonly router: { dispatch(channel: 'purchase:create', request: { titleNumber: string; variables: string[] }): Promise<{ ok: boolean }> } }, variableIndex: number): Promise<void> {
  const [title = ''] = core.sandbox?.sampleTitles ?? [];
  const variable = core.sandbox?.sampleVariables[variableIndex] ?? '';
  expect(await core.router.dispatch('purchase:create', { titleNumber: title, variables: [variable] })).toMatchObject({ ok: true });
}

function openDesktopFiles(): { settings: ReturnType<typeof Entry.openSettingsFile>; window: ReturnType<typeof Entry.windowStateFile> } {
  const log = (line: string): void => { lines.push(line); };
  return {
    settings: bundled.openSettingsFile({ folder: dataDir, open: () => new bundled.Conf({ cwd: dataDir, configName: 'settings', projectName: 'titledesk' }), log }),
    window: bundled.windowStateFile({ folder: dataDir, open: () => new bundled.Conf({ cwd: dataDir, configName: 'window-state', projectName: 'titledesk' }), log }),
  };
}

function startDesktopCore(settings: ReturnType<typeof Entry.openSettingsFile>): ReturnType<typeof Entry.startCore> {
  return bundled.startCore({ dataDir, secrets: new bundled.MemorySecretStore(), settings, log: (line) => { lines.push(line); }, sandbox: { pacing: { readySeconds: [0, 0] } } });
}

describe('the desktop start path as bundled', () => {
  it('starts, buys, closes and starts again on a folder the CLI sealed, past damaged settings and window-state files, reaching no stand-in', async () => {
    await useAsBrowserHost();
    const cli = await runCli(['purchase', '--title', cliSandbox.config.sampleTitles[0] ?? '', '--var', cliSandbox.config.sampleVariables[0] ?? '', '--fire-and-forget', '--json'], developerEnv(cliSandbox, dataDir));
    expect(cli.code, cli.stderr).toBe(0);
    const journal = join(dataDir, 'purchases.sqlite');
    expect(sealedCheckTime(journal, Date.now())).toBeDefined();
    expect(readdirSync(join(dataDir, 'backups')).length).toBeGreaterThan(0);
    writeFileSync(join(dataDir, 'settings.json'), '');
    writeFileSync(join(dataDir, 'window-state.json'), '{"window": {"x": 1');
    forgetStandInsReached();

    const first = openDesktopFiles();
    expect(bundled.restoreWindowState(first.window.load(), [display], sizes)).toEqual({ bounds: { width: 1280, height: 820 }, maximized: false });
    expect(first.settings.load().problem).toContain('not valid JSON');
    // The seal the CLI left is trusted by the bundled code.
    expect(bundled.sealedCheckTime(journal, Date.now())).toBe(sealedCheckTime(journal, Date.now()));
    const app = await startDesktopCore(first.settings);
    // Opened: the bundled code wrote its own seal, with the format this version reads.
    expect(sealSchema.parse(JSON.parse(readFileSync(sealPath(journal), 'utf8')))).toEqual({ recordFormat, closed: null });
    // Another variable: buying the same one again would reuse the earlier purchase.
    await buy(app.core, 1);
    first.window.save({ x: 40, y: 30, width: 1300, height: 900, maximized: false });
    await app.close();
    const sealedAt = bundled.sealedCheckTime(journal, Date.now());
    expect(sealedAt).toBeDefined();

    const second = openDesktopFiles();
    expect(bundled.restoreWindowState(second.window.load(), [display], sizes).bounds).toEqual({ x: 40, y: 30, width: 1300, height: 900 });
    expect(second.settings.load().problem).toBeUndefined();
    const again = await startDesktopCore(second.settings);
    const history = await again.core.router.dispatch('purchase:history', {});
    expect(history).toMatchObject({ ok: true, data: { purchases: [{}, {}, {}] } });
    await again.close();
    // Not checked again at the second start: the seal still counts from the first check.
    expect(bundled.sealedCheckTime(journal, Date.now())).toBe(sealedAt);
    expect(existsSync(join(dataDir, 'window-state.json'))).toBe(true);
    expect(lines.filter((line) => line.includes('was not valid JSON'))).toHaveLength(2);
    expect(standInsReached()).toEqual([]);
    expect(bundled.standInsReached()).toEqual([]);
  }, 120_000);
});
