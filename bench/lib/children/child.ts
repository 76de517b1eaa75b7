import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Children of the bench: each client under test runs in its own process, so its CPU time and
 * peak RSS are its own and not the sandbox's or the other client's.
 */
export const benchDir = fileURLToPath(new URL('../../', import.meta.url));
export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface BenchChild {
  readonly process: ChildProcessByStdio<null, Readable, Readable>;
  /** The next stdout line that parses as JSON. */
  nextJson(timeoutMs: number): Promise<unknown>;
  stderr(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Extra Node options for every child, from TITLEDESK_BENCH_NODE_ARGS (space separated): for example
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the sandbox and the clients, which Node refuses
 * in NODE_OPTIONS.
 */
function childNodeArgs(): string[] {
  return (process.env['TITLEDESK_BENCH_NODE_ARGS'] ?? '').split(' ').filter((arg) => arg !== '');
}

export function startChild(script: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): BenchChild {
  const child = spawn(process.execPath, [...childNodeArgs(), script, ...args], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    // Keep the tail only: a chatty child must not grow the bench's own memory.
    errors = (errors + chunk).slice(-20_000);
  });
  const queue: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return;
    }
    const next = waiting.shift();
    if (next === undefined) queue.push(parsed);
    else next(parsed);
  });
  return {
    process: child,
    stderr: () => errors,
    nextJson(timeoutMs) {
      if (queue.length > 0) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`${script} gave no result within ${timeoutMs} ms. stderr:\n${errors}`));
        }, timeoutMs);
        const settle = (value: unknown): void => {
          clearTimeout(timer);
          resolve(value);
        };
        waiting.push(settle);
        exited.then(() => {
          clearTimeout(timer);
          if (waiting.includes(settle)) reject(new Error(`${script} exited (${String(child.exitCode)}) without a result. stderr:\n${errors}`));
        }, () => undefined);
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs a worker to completion and returns the JSON it printed last. */
export async function runWorker(script: string, input: unknown, timeoutMs: number): Promise<unknown> {
  const child = startChild(script, [JSON.stringify(input)]);
  try {
    const result = await child.nextJson(timeoutMs);
    // A worker ends by itself once it has printed; given a moment, it writes what its Node options
    // ask for at exit (a --cpu-prof profile), which a SIGTERM would cut short.
    await Promise.race([new Promise((resolve) => child.process.once('exit', resolve)), new Promise((resolve) => setTimeout(resolve, 5000))]);
    return result;
  } finally {
    await child.stop();
  }
}
