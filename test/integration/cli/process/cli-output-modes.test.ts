import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { worldTitles } from '../../fixtures/batch-file.ts';
import { developerEnv, runCli } from '../../fixtures/run-cli.ts';

let sandbox: RunningSandbox;
let folder: string;
let umask: number;

beforeAll(async () => {
  // Inherited by the titledesk command: the usual umask, under which a plain write gives 0644.
  umask = process.umask(0o022);
  sandbox = await startSandbox({ port: 0, pacing: { retryAfterSeconds: [0, 0], maxAgeSeconds: [0, 0], readySeconds: [0, 0] } });
  folder = mkdtempSync(join(tmpdir(), 'titledesk-cli-modes-'));
});

afterAll(async () => {
  process.umask(umask);
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
});

const modeOf = (path: string): number => statSync(path).mode & 0o777;

/** Every path below `dir` whose mode is not 0700 (folders) or 0600 (files). */
function loose(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => join(dir, name))
    .filter((path) => modeOf(path) !== (statSync(path).isDirectory() ? 0o700 : 0o600));
}

describe.runIf(process.platform !== 'win32')('the titledesk command under umask 022', () => {
  it('keeps its data folder owner only and writes the batch output and the export 0600', async () => {
    const dataDir = join(folder, 'data');
    const input = join(folder, 'titles.csv');
    writeFileSync(input, `title_number\n${worldTitles(2, [], 700).join('\n')}\n`);
    const env = developerEnv(sandbox, dataDir);
    const variable = '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';
    for (const out of ['out.csv', 'out.json', 'out.xlsx']) {
      const run = await runCli(['batch', input, '--var', variable, '--json', '--out', join(folder, out)], env);
      expect(run.code, run.stderr).toBe(0);
      expect(modeOf(join(folder, out))).toBe(0o600);
    }
    const exported = await runCli(['export', join(folder, 'history.json')], env);
    expect(exported.code, exported.stderr).toBe(0);
    expect(modeOf(join(folder, 'history.json'))).toBe(0o600);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(loose(dataDir)).toEqual([]);
  });
});
