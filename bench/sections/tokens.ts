import { defaultAdvancedSettings } from '../../shared/environment/environment.ts';
import { runWorker } from '../lib/children/child.ts';
import { clientReportSchema, type Workload } from '../lib/polling/polling-analysis.ts';
import { startSandboxProcess, type SandboxLog, type SandboxProcessOptions } from '../lib/children/sandbox-process.ts';
import { goalMark, issuePacing, type BenchContext, type Section, type SectionOutcome } from '../lib/figures/section.ts';
import { round, show } from '../lib/figures/stats.ts';
import { bundledWorker } from '../lib/children/worker-build.ts';

const shortTtlSeconds = 5;
/** Two token requests closer than this would be a second flight for the same need. */
const duplicateWindowMs = 500;

async function runTitleDesk(options: SandboxProcessOptions, context: BenchContext): Promise<{ log: SandboxLog; stats: Record<string, number>; available: number }> {
  const sandbox = await startSandboxProcess(options);
  try {
    const workload: Workload = {
      config: sandbox.config,
      titles: [...sandbox.titles],
      variables: sandbox.config.sampleVariables,
      purchases: context.purchases,
      connections: defaultAdvancedSettings.maxConcurrentRequests,
    };
    const report = clientReportSchema.parse(await runWorker(await bundledWorker('titledesk-client.ts'), workload, 150_000));
    return { log: await sandbox.log(), stats: await sandbox.stats(), available: report.states['available'] ?? 0 };
  } finally {
    await sandbox.stop();
  }
}

interface ExpiryFigures {
  readonly tokenRequests: number;
  readonly runSeconds: number | null;
  readonly lifetimesSpanned: number | null;
  readonly tokensPerLifetime: number | null;
  readonly expectedByPolicy: number;
  readonly duplicateFlights: number;
  readonly unauthorized401: number;
}

function expiryFigures(log: SandboxLog): ExpiryFigures {
  const tokenTimes = log.filter((entry) => entry.class === 'token').map((entry) => entry.time).sort((a, b) => a - b);
  const api = log.filter((entry) => entry.class === 'purchase' || entry.class === 'result').map((entry) => entry.time);
  const spanMs = api.length === 0 ? 0 : Math.max(...api) - Math.min(...api);
  let duplicates = 0;
  for (let index = 1; index < tokenTimes.length; index += 1) {
    if ((tokenTimes[index] ?? 0) - (tokenTimes[index - 1] ?? 0) < duplicateWindowMs) duplicates += 1;
  }
  const lifetimes = spanMs / (shortTtlSeconds * 1000);
  return {
    tokenRequests: tokenTimes.length,
    runSeconds: round(spanMs / 1000, 1),
    lifetimesSpanned: round(lifetimes, 1),
    tokensPerLifetime: lifetimes === 0 ? null : round(tokenTimes.length / lifetimes),
    // A token is renewed once half its life is gone (the margin is capped at half a short lifetime).
    expectedByPolicy: Math.ceil(spanMs / ((shortTtlSeconds * 1000) / 2)),
    duplicateFlights: duplicates,
    unauthorized401: log.filter((entry) => entry.status === 401).length,
  };
}

export const tokensSection: Section = {
  name: 'tokens',
  title: 'Token single flight (concurrent first requests; token lifetime 5 s mid-run)',
  async run(context): Promise<SectionOutcome> {
    context.log(`tokens: ${context.purchases} concurrent first requests`);
    // Data ready at once: every POST is answered 200, so the run is all first requests.
    const burst = await runTitleDesk({ pacing: { readySeconds: [0, 0] } }, context);
    context.log(`tokens: ${context.purchases} purchases with ${shortTtlSeconds} s tokens`);
    const expiry = await runTitleDesk({ tokenTtlSeconds: shortTtlSeconds, pacing: issuePacing }, context);
    const burstFigures = { requests: burst.stats['purchase'] ?? 0, tokenRequests: burst.stats['token'] ?? 0, discoveryRequests: burst.stats['discovery'] ?? 0, available: burst.available };
    const figures = { ...expiryFigures(expiry.log), available: expiry.available };
    return {
      figures: { concurrentFirstRequests: burstFigures, shortLifetime: { ttlSeconds: shortTtlSeconds, ...figures } },
      tables: [{
        columns: ['', 'measured', 'goal', ''],
        rows: [
          [`${burstFigures.requests} concurrent first requests: token requests`, String(burstFigures.tokenRequests), '1', goalMark(burstFigures.tokenRequests === 1)],
          ['  discovery requests', String(burstFigures.discoveryRequests), '1', goalMark(burstFigures.discoveryRequests === 1)],
          [`${shortTtlSeconds} s tokens: run length`, show(figures.runSeconds, ' s'), '', ''],
          ['  lifetimes spanned', show(figures.lifetimesSpanned), '', ''],
          ['  token requests', String(figures.tokenRequests), `<= ${String(figures.expectedByPolicy)} (one per half lifetime)`, goalMark(figures.tokenRequests <= figures.expectedByPolicy)],
          ['  second flights (< 500 ms apart)', String(figures.duplicateFlights), '0', goalMark(figures.duplicateFlights === 0)],
          ['  401 answers', String(figures.unauthorized401), '0', goalMark(figures.unauthorized401 === 0)],
          ['  purchases available', String(figures.available), `= ${context.purchases}`, goalMark(figures.available === context.purchases)],
        ],
      }],
      notes: [`A token is renewed once half its lifetime has passed when the lifetime is short (margin min(60 s, lifetime / 2)), so ${shortTtlSeconds} s tokens are renewed about every ${shortTtlSeconds / 2} s while requests flow.`],
    };
  },
};
