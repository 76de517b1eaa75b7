import { cpus, loadavg, totalmem } from 'node:os';

/** What the figures ran on: two shared cores make them noisy, so the load is kept with them. */
export interface MachineInfo {
  readonly cpuModel: string;
  readonly cpuCount: number;
  readonly totalMemoryGiB: number;
  readonly node: string;
  readonly platform: string;
  readonly date: string;
  readonly loadavg: readonly number[];
}

export function currentLoad(): number[] {
  return loadavg().map((value) => Math.round(value * 100) / 100);
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cpuCount: list.length,
    totalMemoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
    loadavg: currentLoad(),
  };
}
