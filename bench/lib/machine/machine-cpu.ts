import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Linux counts CPU time in clock ticks of 1/100 s (USER_HZ, fixed for /proc). */
const tickMs = 10;
/** Often enough to place a burst of a few seconds; reading /proc this often costs nothing measurable. */
const sampleMs = 100;

interface MachineSample {
  readonly at: number;
  /** Ticks every core spent busy, and in all, since boot. */
  readonly busy: number;
  readonly total: number;
  /** Ticks used so far by the processes named `name` (the database's server processes). */
  readonly named: number;
}

/** How busy the machine was over a span, and how much of it one kind of process took. */
export interface MachineCpu {
  /** Busy share of all cores, 0 to 1. */
  readonly busyShare: number;
  /** CPU seconds of the whole machine, and of the processes named (those alive at both ends). */
  readonly busySeconds: number;
  readonly namedSeconds: number;
  readonly cores: number;
}

function readBusy(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

function ticksOf(name: string): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== name) continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime, stime and the ticks of children waited for (a backend that ended counts in the postmaster).
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
}

/**
 * Samples the whole machine's CPU while a section runs (Linux's /proc; elsewhere nothing), so a
 * figure can say whether the machine itself was the bound: a span with every core busy cannot go
 * faster on this machine, however the work is shared out.
 */
export function sampleMachineCpu(name: string): { within: (fromMs: number, toMs: number) => MachineCpu | null; stop: () => void } {
  const samples: MachineSample[] = [];
  const take = (): void => {
    try {
      samples.push({ at: Date.now(), ...readBusy(), named: ticksOf(name) });
    } catch {
      // No /proc: the figure is left out.
    }
  };
  take();
  const timer = setInterval(take, sampleMs);
  return {
    stop: () => { clearInterval(timer); take(); },
    within(fromMs, toMs) {
      const from = samples.filter((sample) => sample.at <= fromMs).at(-1) ?? samples[0];
      const to = samples.find((sample) => sample.at >= toMs) ?? samples.at(-1);
      if (from === undefined || to === undefined || to.total <= from.total) return null;
      return {
        busyShare: (to.busy - from.busy) / (to.total - from.total),
        busySeconds: ((to.busy - from.busy) * tickMs) / 1000,
        namedSeconds: ((to.named - from.named) * tickMs) / 1000,
        cores: cpus().length,
      };
    },
  };
}
