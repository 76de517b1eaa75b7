/**
 * TitleDesk's own purchase path under load: the real environment session (single-flight tokens,
 * the keep-alive agent) and the real PurchaseService (journal, scheduler, poller). Buys one
 * variable per purchase, all at once, waits for all to settle and prints its own usage; the sandbox's log judges its polling.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PurchaseRecord } from '../../shared/purchase.ts';
import { limitHeapGrowth } from '../../electron/core/app/heap-growth.ts';
import { createEnvironmentSession } from '../../electron/core/api/environment-session.ts';
import { sandboxEnvironment, fillSandboxSecrets } from '../../electron/core/env/sandbox-environment.ts';
import { createHttpAgent } from '../../electron/core/http/agent.ts';
import { PurchaseService } from '../../electron/core/purchases/purchase-service.ts';
import { MemorySecretStore } from '../../electron/core/secrets/memory-secret-store.ts';
import { startUsage, workloadBuys, workloadSchema, type ClientReport } from '../lib/polling-analysis.ts';

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
const service = new PurchaseService({ dataDir, maxConcurrent: connections });
const environment = { id: session.environment.id, client: session.client };

const usage = startUsage();
const startedAt = performance.now();
const created = await Promise.all(workloadBuys(workload).map((buy) => service.create(environment, buy.title, [buy.variable])));
const settled: PurchaseRecord[] = await Promise.all(created.map((record) => service.waitForSettled(record.id)));
const wallSeconds = (performance.now() - startedAt) / 1000;

const states: Record<string, number> = {};
for (const record of settled) states[record.state] = (states[record.state] ?? 0) + 1;
const report: ClientReport = {
  settled: settled.length,
  states,
  wallSeconds,
  ...usage.stop(),
};
await service.close();
await agent.close();
rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(report)}\n`);
