import { defaultAdvancedSettings } from '../../shared/environment/environment.ts';
import { runWorker } from '../lib/children/child.ts';
import { clientReportSchema, type ClientReport, type Workload } from '../lib/polling/polling-analysis.ts';
import { cpuWithin, type CpuSample, type CpuWithin } from '../lib/machine/cpu-timeline.ts';
import { judgePolling, postsPhase, type PollingJudgement, type RequestPhase } from '../lib/polling/sandbox-judge.ts';
import { startSandboxProcess } from '../lib/children/sandbox-process.ts';
import { issuePacing } from '../lib/figures/section.ts';
import { bundledWorker } from '../lib/children/worker-build.ts';
import { round } from '../lib/figures/stats.ts';

export interface PollingClient {
  readonly key: string;
  readonly label: string;
  readonly worker: string;
  readonly intervalMs?: number;
}

export const pollingClients: readonly PollingClient[] = [
  { key: 'titleDesk', label: 'TitleDesk', worker: 'titledesk-client.ts' },
  { key: 'naive1s', label: 'naive, GET every 1 s', worker: 'naive-client.ts', intervalMs: 1000 },
  { key: 'naive3s', label: 'naive, GET every 3 s', worker: 'naive-client.ts', intervalMs: 3000 },
];

/** The sandbox's advice comes in whole seconds: a perfect client may get its 200 up to 1 s after readiness. */
export const adviceGranularityMs = 1000;

/** Every client gets TitleDesk's default connection limit. */
export const benchConnections = defaultAdvancedSettings.maxConcurrentRequests;

/**
 * What the client and the sandbox used while the POSTs were answered (from the first arriving to
 * the last answer leaving, by the sandbox's log): cores' worth of CPU, and each main thread's share
 * of the span on a CPU and waiting for one (lib/machine/cpu-timeline.ts).
 */
export interface CpuWhilePosting {
  readonly client: CpuWithin | null;
  readonly sandbox: CpuWithin | null;
}

export interface ClientRun extends PollingJudgement, Omit<ClientReport, 'settled' | 'cpuTimeline'> {
  readonly serverCounts: { discovery: number; token: number; purchase: number; result: number };
  readonly available: number;
  readonly cpuMicrosPerRequest: number | null;
  readonly cpuWhilePosting: CpuWhilePosting;
}

function cpuWhilePosting(phase: RequestPhase | undefined, client: readonly CpuSample[], sandbox: readonly CpuSample[]): CpuWhilePosting {
  if (phase === undefined) return { client: null, sandbox: null };
  return { client: cpuWithin(client, phase.first, phase.last), sandbox: cpuWithin(sandbox, phase.first, phase.last) };
}

/**
 * One client against a fresh sandbox process with the same seed: purchase n gets the same
 * readiness and advice in every run and for every client, whatever the others did.
 */
export async function runPollingClient(client: PollingClient, purchases: number): Promise<ClientRun> {
  const sandbox = await startSandboxProcess({ pacing: issuePacing });
  try {
    const workload: Workload = {
      config: sandbox.config,
      titles: [...sandbox.titles],
      variables: sandbox.config.sampleVariables,
      purchases,
      connections: benchConnections,
      ...(client.intervalMs === undefined ? {} : { intervalMs: client.intervalMs }),
    };
    const report = clientReportSchema.parse(await runWorker(await bundledWorker(client.worker), workload, 150_000 + purchases * 30));
    const [stats, log, timings, sandboxCpu] = await Promise.all([sandbox.stats(), sandbox.log(), sandbox.purchases(), sandbox.cpuTimeline()]);
    const judgement = judgePolling(log, timings);
    const requests = (stats['purchase'] ?? 0) + (stats['result'] ?? 0);
    return {
      ...judgement,
      states: report.states,
      cpuSeconds: report.cpuSeconds,
      cpuSecondsTotal: report.cpuSecondsTotal,
      peakRssMiB: report.peakRssMiB,
      eventLoopDelayP99Ms: report.eventLoopDelayP99Ms,
      eventLoopDelayMaxMs: report.eventLoopDelayMaxMs,
      ...(report.journalLog === undefined ? {} : { journalLog: report.journalLog }),
      ...(report.journalRefusals === undefined ? {} : { journalRefusals: report.journalRefusals }),
      wallSeconds: round(report.wallSeconds, 1) ?? 0,
      available: report.states['available'] ?? 0,
      serverCounts: { discovery: stats['discovery'] ?? 0, token: stats['token'] ?? 0, purchase: stats['purchase'] ?? 0, result: stats['result'] ?? 0 },
      cpuMicrosPerRequest: requests === 0 ? null : round((report.cpuSeconds * 1e6) / requests, 0),
      cpuWhilePosting: cpuWhilePosting(postsPhase(log), report.cpuTimeline, sandboxCpu),
    };
  } finally {
    await sandbox.stop();
  }
}
