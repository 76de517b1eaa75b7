/**
 * TitleDesk's own purchase path under load: the real environment session (single-flight tokens,
 * the keep-alive agent) and the real PurchaseService (journal, scheduler, poller). Buys one
 * variable per purchase, all at once, waits for all to settle and prints its own usage; the sandbox's log judges its polling.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settledPurchaseStates } from '../../shared/purchase/purchase.ts';
import { limitHeapGrowth } from '../../electron/core/app/heap-growth.ts';
import { createEnvironmentSession } from '../../electron/core/env/environment-session.ts';
import { sandboxEnvironment, fillSandboxSecrets } from '../../electron/core/env/sandbox-environment.ts';
import { createHttpAgent } from '../../electron/core/http/agent.ts';
import { refusalsTold } from '../../electron/core/purchases/journal/refusal-log.ts';
import { PurchaseService } from '../../electron/core/purchases/purchase-service.ts';
import { logFileBytes, logSizeLimitBytes } from '../../electron/core/purchases/journal/wal-checkpointer.ts';
import { MemorySecretStore } from '../../electron/core/secrets/memory-secret-store.ts';
import { startUsage, workloadBuys, workloadSchema, type ClientReport } from '../lib/polling/polling-analysis.ts';

const workload = workloadSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
// As every host does when it starts the core (start-core.ts).
limitHeapGrowth();
const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-bench-'));
// The bench passes the app's default: as many connections and GETs in flight as a user's install has.
const connections = workload.connections;
const agent = createHttpAgent({ connections });
const secrets = new MemorySecretStore();
await fillSandboxSecrets(workload.config, secrets);
const session = createEnvironmentSession({ environment: sandboxEnvironment(workload.config), secrets, dispatcher: agent });
// What nobody waits for (the journal refusing an answer) is counted for the report, and goes to
// stderr, which the bench shows should the run fail.
let journalRefusals = 0;
const log = (message: string): void => {
  journalRefusals += refusalsTold(message);
  process.stderr.write(`${message}\n`);
};
const service = new PurchaseService({ dataDir, maxConcurrent: connections, log });
const environment = { id: session.environment.id, client: session.client };

const buys = workloadBuys(workload);
// Followed as every host follows purchases: from the store's updates, as the event hub does. Asking
// waitForSettled for each of 10,000 purchases at once read back every one already settled (a
// journal row parsed per purchase): a stall of about 120 ms in the middle of the run, which the
// app itself never makes.
const states: Record<string, number> = {};
const settledIds = new Set<string>();
const allSettled = new Promise<void>((resolve) => {
  service.onUpdate((record) => {
    if (!settledPurchaseStates.includes(record.state) || settledIds.has(record.id)) return;
    settledIds.add(record.id);
    states[record.state] = (states[record.state] ?? 0) + 1;
    if (settledIds.size === buys.length) resolve();
  });
});

// The journal's log file at its largest (the disk it takes while purchases are followed), and
// how soon after the last purchase settled it is given back.
const logBytes = (): number => logFileBytes(service.journalPath);
let logPeakBytes = 0;
const logSampler = setInterval(() => {
  logPeakBytes = Math.max(logPeakBytes, logBytes());
}, 100);
const mebibytes = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;
/** Seconds from now until the log file is back within the journal's limit; null if not within `limitSeconds`. */
async function logGivenBack(limitSeconds: number): Promise<number | null> {
  const from = performance.now();
  while (logBytes() > logSizeLimitBytes) {
    if (performance.now() - from > limitSeconds * 1000) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Math.round((performance.now() - from) / 100) / 10;
}

const usage = startUsage();
const startedAt = performance.now();
const created = await Promise.all(buys.map((buy) => service.create(environment, buy.title, [buy.variable])));
// A purchase settled by its POST alone (a 200 at once) is announced before create resolves.
await allSettled;
const wallSeconds = (performance.now() - startedAt) / 1000;
clearInterval(logSampler);

const used = usage.stop();
const givenBackSeconds = await logGivenBack(10);
const report: ClientReport = {
  settled: created.filter((record) => settledIds.has(record.id)).length,
  states,
  wallSeconds,
  ...used,
  journalLog: { peakMiB: mebibytes(logPeakBytes), givenBackSeconds },
  journalRefusals,
};
await service.close();
await agent.close();
rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(report)}\n`);
