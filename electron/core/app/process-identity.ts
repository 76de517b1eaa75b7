import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hostname, uptime } from 'node:os';

/**
 * What identifies a process beyond its PID, which the OS reuses (after a reboot, or once the
 * counter wraps): the machine, the boot it runs in and when it started within that boot.
 */
export interface ProcessIdentity {
  readonly pid: number;
  readonly host: string;
  /** Linux: the kernel's boot id. Elsewhere: the boot time in seconds, rounded. */
  readonly boot: string;
  /** When the process started, in the OS's own terms; undefined when the OS would not say. */
  readonly start: string | undefined;
}

function readTrimmed(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function currentBoot(): string {
  const bootId = process.platform === 'linux' ? readTrimmed('/proc/sys/kernel/random/boot_id') : undefined;
  // Rounded to 5 minutes so clock adjustments do not make one boot look like two.
  return bootId ?? `t${String(Math.round((Date.now() / 1000 - uptime()) / 300))}`;
}

/** Linux: field 22 of /proc/<pid>/stat, the start time in clock ticks since boot. */
function linuxStart(pid: number): string | undefined {
  const stat = readTrimmed(`/proc/${String(pid)}/stat`);
  if (stat === undefined) return undefined;
  // The command name (field 2) may hold spaces and parentheses: count from after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

/** macOS and the BSDs: ps's start time, to the second. */
function psStart(pid: number): string | undefined {
  try {
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2_000, stdio: ['ignore', 'pipe', 'ignore'] });
    return out.trim() === '' ? undefined : out.trim();
  } catch {
    return undefined;
  }
}

export function processStart(pid: number): string | undefined {
  if (process.platform === 'linux') return linuxStart(pid);
  if (process.platform === 'win32') return undefined;
  return psStart(pid);
}

export function identityOf(pid: number): ProcessIdentity {
  return { pid, host: hostname(), boot: currentBoot(), start: processStart(pid) };
}

/** Whether a process with this PID exists now (EPERM: it does, but belongs to someone else). */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}
