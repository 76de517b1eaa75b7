import { postsGoalMs, type CeilingRun } from '../lib/polling/ceiling-measures.ts';
import { runWorker } from '../lib/children/child.ts';
import { cpuWithin } from '../lib/machine/cpu-timeline.ts';
import { clientReportSchema, type Workload } from '../lib/polling/polling-analysis.ts';
import { evenPostingDemand } from '../lib/polling/post-demand.ts';
import { postsPhase, resultGetsPhase, type RequestPhase } from '../lib/polling/sandbox-judge.ts';
import { startSandboxProcess } from '../lib/children/sandbox-process.ts';
import { issuePacing } from '../lib/figures/section.ts';
import { round } from '../lib/figures/stats.ts';
import { bundledWorker } from '../lib/children/worker-build.ts';
import { benchConnections } from './polling-clients.ts';

function perSecond(phase: RequestPhase | undefined): number | null {
  if (phase === undefined || phase.last <= phase.first) return null;
  return round((phase.requests * 1000) / (phase.last - phase.first), 0);
}

/**
 * The bare client against a fresh sandbox with the scale workload: every POST at once, then every
 * result GET once, at once. Its rates are the most this machine and the sandbox answer; with the
 * demand a 3 s goal makes, they tell whether any client could meet it here.
 */
export async function runCeiling(purchases: number): Promise<CeilingRun> {
  const sandbox = await startSandboxProcess({ pacing: issuePacing });
  try {
    const workload: Workload = { config: sandbox.config, titles: [...sandbox.titles], variables: sandbox.config.sampleVariables, purchases, connections: benchConnections };
    const report = clientReportSchema.parse(await runWorker(await bundledWorker('bare-client.ts'), workload, 150_000 + purchases * 30));
    const [log, timings, sandboxCpu] = await Promise.all([sandbox.log(), sandbox.purchases(), sandbox.cpuTimeline()]);
    const posts = postsPhase(log);
    const postsPerSecond = perSecond(posts);
    const getsPerSecond = perSecond(resultGetsPhase(log));
    const demand = evenPostingDemand(timings, postsGoalMs);
    return {
      postsSpanMs: posts === undefined ? null : round(posts.last - posts.first, 0),
      postsPerSecond,
      getsPerSecond,
      cpuWhilePosting: posts === undefined
        ? { client: null, sandbox: null }
        : { client: cpuWithin(report.cpuTimeline, posts.first, posts.last), sandbox: cpuWithin(sandboxCpu, posts.first, posts.last) },
      demand,
      demandMs: postsPerSecond === null || getsPerSecond === null ? null : round((timings.length / postsPerSecond + demand.getsDue / getsPerSecond) * 1000, 0),
    };
  } finally {
    await sandbox.stop();
  }
}
