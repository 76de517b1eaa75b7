import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedHistory } from '../../../../bench/lib/history/history-seed.ts';
import { createRandom } from '../../../../electron/sandbox/seeded.ts';

const bin = join(import.meta.dirname, '..', '..', '..', '..', 'bin', 'titledesk.mjs');
const folder = mkdtempSync(join(tmpdir(), 'titledesk-closed-pipe-'));
afterAll(() => { rmSync(folder, { recursive: true, force: true }); });

interface Ended { readonly code: number | null; readonly stderr: string }

/**
 * Runs the real command with its stdout a pipe whose reader has gone, as `| head` leaves it:
 * closed at once (before the first write), or after the first chunk read.
 */
function runIntoClosedPipe(args: readonly string[], after: 'at once' | 'first chunk'): Promise<Ended> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(WF_|LOQATE_|TITLEDESK_)/.test(name)));
  const child = spawn(process.execPath, [bin, ...args], { env: { ...inherited, TITLEDESK_DATA_DIR: join(folder, 'data') }, stdio: ['ignore', 'pipe', 'pipe'] });
  if (after === 'at once') child.stdout.destroy();
  else child.stdout.once('data', () => { child.stdout.destroy(); });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  return new Promise((resolve) => child.on('close', (code) => { resolve({ code, stderr }); }));
}

const commands = ['purchase', 'batch', 'check', 'send', 'resolve', 'catalog', 'address', 'history', 'report', 'export', 'import', 'token', 'sandbox', 'web'];

describe('a command whose output pipe closes ends quietly', () => {
  const cases = [['--help'], ...commands.map((name) => [name, '--help'])].map((args) => ({ args, shown: args.join(' ') }));
  it.each(cases)('titledesk $shown', async ({ args }) => {
    const ended = await runIntoClosedPipe(args, 'at once');
    expect(ended.stderr).toBe('');
    expect(ended.code).toBe(0);
  }, 30_000);

  it('titledesk history | head, on a history longer than the pipe holds', async () => {
    seedHistory(join(folder, 'data'), 2000, createRandom(5), ['DN1', 'TGL3'], 1);
    for (const args of [['history'], ['history', '--json']]) {
      const ended = await runIntoClosedPipe(args, 'first chunk');
      expect(ended.stderr).toBe('');
      expect(ended.code).toBe(0);
    }
  }, 60_000);
});
