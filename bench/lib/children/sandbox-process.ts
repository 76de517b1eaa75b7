import { join } from 'node:path';
import { z } from 'zod';
import { sandboxConfigSchema, type SandboxConfig } from '../../../shared/environment/sandbox-config.ts';
import { benchDir, startChild } from './child.ts';
import { cpuTimelineSchema, type CpuSample } from '../machine/cpu-timeline.ts';
import { judgedEntrySchema, purchaseTimingSchema, type PurchaseTiming } from '../polling/sandbox-judge.ts';

export interface SandboxProcessOptions {
  readonly tokenTtlSeconds?: number;
  readonly pacing?: { retryAfterSeconds?: [number, number]; maxAgeSeconds?: [number, number]; readySeconds?: [number, number] };
}

const readySchema = z.object({ baseUrl: z.url(), config: sandboxConfigSchema, titles: z.array(z.string()) });
const statsSchema = z.record(z.string(), z.number());
const logSchema = z.array(judgedEntrySchema);
const timingsSchema = z.array(purchaseTimingSchema);
const cpuReportSchema = z.object({ cpuTimeline: cpuTimelineSchema });

export type SandboxLog = z.infer<typeof logSchema>;

export interface SandboxProcess {
  readonly baseUrl: string;
  readonly config: SandboxConfig;
  /** Every title of the world but the five test titles, sorted. */
  readonly titles: readonly string[];
  stats(): Promise<Record<string, number>>;
  log(): Promise<SandboxLog>;
  /** Each purchase's readiness and advice plan, as the sandbox recorded them. */
  purchases(): Promise<PurchaseTiming[]>;
  /** The sandbox process's CPU from its start until now (machine/cpu-timeline.ts); its sampling stops then. */
  cpuTimeline(): Promise<CpuSample[]>;
  stop(): Promise<void>;
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

export async function startSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
  const child = startChild(join(benchDir, 'workers', 'sandbox.ts'), [JSON.stringify(options)]);
  try {
    const ready = readySchema.parse(await child.nextJson(30_000));
    return {
      ...ready,
      stats: async () => statsSchema.parse(await getJson(`${ready.baseUrl}/_sandbox/stats`)),
      log: async () => logSchema.parse(await getJson(`${ready.baseUrl}/_sandbox/log`)),
      purchases: async () => timingsSchema.parse(await getJson(`${ready.baseUrl}/_sandbox/purchases`)),
      cpuTimeline: async () => {
        // Windows has no SIGUSR2: Node would end the process instead. The figures are then left out.
        if (process.platform === 'win32') return [];
        const report = child.nextJson(10_000);
        child.process.kill('SIGUSR2');
        return cpuReportSchema.parse(await report).cpuTimeline;
      },
      stop: () => child.stop(),
    };
  } catch (error) {
    await child.stop();
    throw error;
  }
}
