import { spawn } from 'node:child_process';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { percentile, round } from '../figures/stats.ts';

/**
 * How fast and how evenly this machine runs at the moment, by five small fixed tasks. On these
 * shared virtual machines the same code has run twice as slowly from one hour to the next while
 * the load average said nothing; these tell such a spell from a change in the code:
 * - `cpuMs`: a fixed loop of integer arithmetic in JavaScript (the CPU a thread gets);
 * - `cpuTailRatio`: the same loop cut in slices of about a millisecond, run for a second: the p99
 *   of their times over their median. A p99 goal of a millisecond or so is judged within the
 *   machine's own unevenness: on these machines 1 slice in 100 has taken 4 to 5 times the
 *   median, in a process doing nothing else, where an even CPU gives close to 1;
 * - `roundTripUs`: one byte to another process over loopback TCP and back, the wake-ups that
 *   most of a client's cost per request is made of;
 * - `fsyncMs`: a 4 KiB write and fdatasync, what every durable journal commit waits for;
 * - `memoryMs`: writing 64 MiB of memory fresh from the operating system, that is, a page fault
 *   for each 4 KiB page. Starting a process, or a heap growing, is mostly that. On this kind of
 *   virtual machine a page fault has been seen to cost about 3.5 µs for hours on end; then Node
 *   took 85-100 ms just to start and exit, where a whole `titledesk --help` had taken 38 ms.
 * Each other figure is the median of its repetitions.
 */
export const machinePaceSchema = z.object({
  cpuMs: z.number(),
  cpuTailRatio: z.number(),
  roundTripUs: z.number(),
  fsyncMs: z.number(),
  memoryMs: z.number(),
});
export type MachinePace = Readonly<z.infer<typeof machinePaceSchema>>;

const freshMemoryBytes = 64 * 2 ** 20;

/** A buffer this large is mapped from the OS when made and unmapped when collected: each one is fresh. */
function touchFreshMemoryOnce(): number {
  const started = performance.now();
  const buffer = Buffer.allocUnsafeSlow(freshMemoryBytes);
  buffer.fill(1);
  return performance.now() - started;
}

/** The median of three timings of `task`. */
function medianOfThree(task: () => number): number {
  return percentile([task(), task(), task()], 50) ?? 0;
}

/** `iterations` of integer arithmetic, timed in ms. */
function loop(iterations: number): number {
  const started = performance.now();
  let state = 1;
  for (let i = 0; i < iterations; i += 1) state = (Math.imul(state, 1_103_515_245) + 12_345) | 0;
  // The result is used, so the loop is not optimised away.
  if (state === 0.5) throw new Error('unreachable');
  return performance.now() - started;
}

/** The fixed loop's size: about 45 ms on the bench machines. */
const wholeLoopIterations = 30_000_000;
const loopOnce = (): number => loop(wholeLoopIterations);

/** Slices of about a millisecond (sized from the last whole loop) for a second: p99 over median. */
function cpuTailRatio(wholeLoopMs: number): number {
  const iterations = Math.max(1000, Math.round(wholeLoopIterations / Math.max(1, wholeLoopMs)));
  const times: number[] = [];
  const until = performance.now() + 1000;
  while (performance.now() < until) times.push(loop(iterations));
  const median = percentile(times, 50) ?? 0;
  return median > 0 ? (percentile(times, 99) ?? 0) / median : 0;
}

function fsyncMs(): number {
  const dir = mkdtempSync(join(tmpdir(), 'titledesk-pace-'));
  const fd = openSync(join(dir, 'probe'), 'w');
  const page = Buffer.alloc(4096, 1);
  const times: number[] = [];
  try {
    for (let i = 0; i < 50; i += 1) {
      writeSync(fd, page);
      const started = performance.now();
      fdatasyncSync(fd);
      times.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  return percentile(times, 50) ?? 0;
}

/** An echo server in a process of its own; it prints its port, then echoes until killed. */
const echoServer = `
const server = require('node:net').createServer((socket) => { socket.setNoDelay(true); socket.pipe(socket); });
server.listen(0, '127.0.0.1', () => { process.stdout.write(server.address().port + '\\n'); });
`;

function oneByteBack(socket: Socket): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    socket.once('data', () => {
      resolve((performance.now() - started) * 1000);
    });
    socket.write('x');
  });
}

async function roundTripUs(): Promise<number> {
  const child = spawn(process.execPath, ['-e', echoServer], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const lines = createInterface({ input: child.stdout });
    const port = await new Promise<number>((resolve, reject) => {
      lines.once('line', (line) => {
        resolve(Number(line));
      });
      child.once('exit', () => {
        reject(new Error('The echo server of the machine probe exited before it listened.'));
      });
    });
    const socket = connect({ port, host: '127.0.0.1', noDelay: true });
    await new Promise((resolve) => socket.once('connect', resolve));
    const times: number[] = [];
    for (let i = 0; i < 1000; i += 1) times.push(await oneByteBack(socket));
    socket.destroy();
    return percentile(times.slice(100), 50) ?? 0;
  } finally {
    // Gone before the run it precedes starts: nothing of the probe may compete with it.
    const exited = child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve();
    child.kill();
    await exited;
  }
}

export async function probePace(): Promise<MachinePace> {
  const cpuMs = medianOfThree(loopOnce);
  return {
    cpuMs: round(cpuMs, 0) ?? 0,
    cpuTailRatio: round(cpuTailRatio(cpuMs), 1) ?? 0,
    roundTripUs: round(await roundTripUs(), 0) ?? 0,
    fsyncMs: round(fsyncMs(), 2) ?? 0,
    memoryMs: round(medianOfThree(touchFreshMemoryOnce), 0) ?? 0,
  };
}

/** Each probe's figure, its unit, and how a section's note and docs/performance.md's line name it. */
export const paceProbes: readonly { readonly key: keyof MachinePace; readonly short: string; readonly long: string; readonly unit: string }[] = [
  { key: 'cpuMs', short: 'CPU loop', long: 'a fixed JavaScript loop', unit: ' ms' },
  { key: 'cpuTailRatio', short: 'its 1 ms slices p99/median', long: 'that loop in 1 ms slices for 1 s, p99 over median', unit: '×' },
  { key: 'roundTripUs', short: 'loopback round trip', long: 'a one-byte loopback round trip to another process', unit: ' µs' },
  { key: 'fsyncMs', short: 'fdatasync', long: 'a 4 KiB write and fdatasync', unit: ' ms' },
  { key: 'memoryMs', short: '64 MiB of fresh memory', long: 'writing 64 MiB of memory fresh from the OS', unit: ' ms' },
];

/** "CPU loop 36 ms, its 1 ms slices p99/median 1.2×, loopback round trip 50 µs, fdatasync 0.25 ms, 64 MiB of fresh memory 180 ms". */
export function describePace(pace: MachinePace): string {
  return paceProbes.map(({ key, short, unit }) => `${short} ${String(pace[key])}${unit}`).join(', ');
}

/** The note a section prints under its table: each run's pace, in order. */
export function paceNote(runs: readonly { readonly paceBefore: MachinePace }[]): string {
  return `Machine pace before each run (bench/lib/machine/machine-pace.ts): ${runs.map((run) => describePace(run.paceBefore)).join('; ')}.`;
}

/** The note of a section probed once, before all of its measures. */
export function sectionPaceNote(pace: MachinePace): string {
  return `Machine pace before the section (bench/lib/machine/machine-pace.ts): ${describePace(pace)}.`;
}
