import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shutDownOnSignals, type ShutdownSignal } from '../../../electron/main/lifecycle/signal-shutdown.ts';

const child = join(import.meta.dirname, '..', 'fixtures', 'signal-child.ts');
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-signal-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the fixture, waits for "ready", sends the signal and collects how it ended. */
async function signalled(signal: ShutdownSignal, args: string[] = []) {
  const proc = spawn(process.execPath, [child, dataDir, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  proc.stdout.setEncoding('utf8');
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.once('exit', (code, by) => { resolve({ code, signal: by }); });
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('ready\n')) resolve();
    });
    proc.once('exit', () => { reject(new Error(`the fixture exited before it was ready: ${stdout}`)); });
  });
  const walBefore = existsSync(join(dataDir, 'purchases.sqlite-wal'));
  proc.kill(signal);
  const exit = await ended;
  return { ...exit, stdout, walBefore, walAfter: existsSync(join(dataDir, 'purchases.sqlite-wal')) };
}

describe('a signal to the main process', () => {
  it('SIGTERM runs the clean shutdown: the journal is closed and its WAL checkpointed away', async () => {
    const result = await signalled('SIGTERM');
    expect(result.walBefore).toBe(true);
    expect(result.stdout).toContain('SIGTERM received: closing the journal before exiting.');
    expect(result.stdout).toContain('closed\n');
    expect(result).toMatchObject({ code: 143, signal: null, walAfter: false });
  });

  it('SIGINT and SIGHUP do the same', async () => {
    for (const signal of ['SIGINT', 'SIGHUP'] as const) {
      const result = await signalled(signal);
      expect(result.stdout).toContain('closed\n');
      expect(result.walAfter).toBe(false);
    }
  });

  it('without it, when-exit’s re-raised signal kills the process with the journal still open', async () => {
    const result = await signalled('SIGTERM', ['--without-handler']);
    expect(result.signal).toBe('SIGTERM');
    expect(result.stdout).not.toContain('closed');
    expect(result.walAfter).toBe(true);
  });
});

describe('shutDownOnSignals', () => {
  it('runs the shutdown once for repeated signals and exits with 128 + the signal number', async () => {
    const listeners = new Map<string, () => void>();
    const exits: number[] = [];
    let shutdowns = 0;
    let finish: () => void = () => undefined;
    const stop = shutDownOnSignals({
      source: { on: (signal, listener) => listeners.set(signal, listener), off: (signal) => listeners.delete(signal) },
      shutdown: () => { shutdowns += 1; return new Promise<void>((resolve) => { finish = resolve; }); },
      exit: (code) => exits.push(code),
      log: () => undefined,
    });
    expect([...listeners.keys()].sort()).toEqual(['SIGHUP', 'SIGINT', 'SIGTERM']);
    listeners.get('SIGINT')?.();
    listeners.get('SIGINT')?.();
    listeners.get('SIGTERM')?.();
    expect(shutdowns).toBe(1);
    expect(exits).toEqual([]);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([130]);
    stop();
    expect(listeners.size).toBe(0);
  });
});
