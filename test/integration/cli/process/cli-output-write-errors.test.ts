import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { worldTitles } from '../../fixtures/batch-file.ts';
import { developerEnv, runCli } from '../../fixtures/run-cli.ts';
import { canMountSmallDisk, fillDisk, mountSmallDisk, unmountSmallDisk } from '../../fixtures/small-disk.ts';

// A command whose stdout cannot be written (a file on a full disk, /dev/full) ends its output, not
// its work: it goes on to its end, journals what it bought, says on stderr that the output is
// incomplete and exits 7 (issue 59, item 13). A cut output is never passed off as whole with exit 0.

const bin = join(import.meta.dirname, '..', '..', '..', '..', 'bin', 'titledesk.mjs');
const folder = mkdtempSync(join(tmpdir(), 'titledesk-output-errors-'));
const mountable = canMountSmallDisk(join(folder, 'probe'));
const variable = '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Ended { readonly code: number | null; readonly stderr: string }

/** Runs the real command with its stdout opened on `target`, as `titledesk … > target` does. */
async function runInto(target: string, args: readonly string[], env: Readonly<Record<string, string>>): Promise<Ended> {
  const out = openSync(target, 'w');
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(WF_|LOQATE_|TITLEDESK_)/.test(name)));
  const child = spawn(process.execPath, [bin, ...args], { env: { ...inherited, ...env }, stdio: ['ignore', out, 'pipe'] });
  closeSync(out);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stderr };
}

const journaled = z.object({ purchases: z.array(z.object({ titleNumber: z.string(), state: z.string(), purchaseId: z.string().optional() })) });

/** The journal as another command reads it: what was bought, by title. */
async function history(env: Readonly<Record<string, string>>): Promise<z.infer<typeof journaled>['purchases']> {
  const run = await runCli(['history', '--json'], env);
  expect(run.code, run.stderr).toBe(0);
  return journaled.parse(JSON.parse(run.stdout)).purchases;
}

const posts = (title: string): number => sandbox.log().filter((entry) => entry.class === 'purchase' && entry.method === 'POST' && entry.path.includes(`/titles/${title}/`)).length;

function expectIncompleteOutput(ended: Ended, target: string): void {
  expect(ended.stderr).toContain(`the output could not be written to ${target}`);
  expect(ended.stderr).not.toMatch(/^\s+at |unexpected failure|Error:/m);
  expect(ended.code).toBe(7);
}

describe('a command whose stdout cannot be written', () => {
  it('/dev/full (ENOSPC on every write): purchase buys, journals and exits 7; history exits 7', async () => {
    const env = developerEnv(sandbox, join(folder, 'dev-full'));
    const title = sandbox.config.sampleTitles[0] ?? '';
    expectIncompleteOutput(await runInto('/dev/full', ['purchase', '--title', title, '--var', variable, '--json'], env), '/dev/full');
    const [bought] = await history(env);
    expect(bought).toMatchObject({ titleNumber: title, state: 'available', purchaseId: expect.any(String) as unknown });
    expect(posts(title)).toBe(1);
    expectIncompleteOutput(await runInto('/dev/full', ['history'], env), '/dev/full');
  }, 60_000);

  it('/dev/full: a batch buys every line, the journal keeps them, exit 7', async () => {
    const env = developerEnv(sandbox, join(folder, 'batch-dev-full'));
    const titles = worldTitles(6, [], 1700);
    const csv = join(folder, 'six.csv');
    writeFileSync(csv, `title_number\n${titles.join('\n')}\n`);
    expectIncompleteOutput(await runInto('/dev/full', ['batch', csv, '--var', variable, '--json'], env), '/dev/full');
    const bought = await history(env);
    expect(bought.map((record) => record.titleNumber).sort()).toEqual([...titles].sort());
    expect(bought.every((record) => record.state === 'available')).toBe(true);
    expect(titles.map(posts)).toEqual(titles.map(() => 1));
  }, 60_000);

  describe.skipIf(!mountable)('a file on a full disk (a real tmpfs)', () => {
    it('history into a file with room for part of it: exit 7, never a cut file with exit 0', async () => {
      const env = developerEnv(sandbox, join(folder, 'history-data'));
      const titles = worldTitles(40, [], 1800);
      const csv = join(folder, 'forty.csv');
      writeFileSync(csv, `title_number\n${titles.join('\n')}\n`);
      expect((await runCli(['batch', csv, '--var', variable, '--json'], env)).code).toBe(0);
      const whole = await runCli(['history', '--json'], env);
      expect(whole.stdout.length).toBeGreaterThan(40_000);
      const disk = join(folder, 'out-disk');
      expect(mountSmallDisk(disk, '256k')).toBe(true);
      try {
        // Less room than the output: Node's file stdout used to stop at the disk's edge with exit 0.
        fillDisk(disk, 20 * 1024);
        const target = join(disk, 'history.json');
        expectIncompleteOutput(await runInto(target, ['history', '--json'], env), target);
        const written = readFileSync(target, 'utf8');
        expect(written.length).toBeGreaterThan(0);
        expect(whole.stdout.startsWith(written)).toBe(true);
      } finally {
        unmountSmallDisk(disk);
      }
    }, 90_000);

    it('purchase with its output on a disk with no room: bought once, journaled, exit 7', async () => {
      const env = developerEnv(sandbox, join(folder, 'purchase-data'));
      const disk = join(folder, 'purchase-disk');
      expect(mountSmallDisk(disk, '64k')).toBe(true);
      try {
        fillDisk(disk, 0);
        const title = sandbox.config.sampleTitles[1] ?? '';
        const before = posts(title);
        const target = join(disk, 'purchase.txt');
        expectIncompleteOutput(await runInto(target, ['purchase', '--title', title, '--var', variable], env), target);
        expect(await history(env)).toEqual([expect.objectContaining({ titleNumber: title, state: 'available', purchaseId: expect.any(String) as unknown })]);
        expect(posts(title) - before).toBe(1);
      } finally {
        unmountSmallDisk(disk);
      }
    }, 60_000);
  });
});
