/**
 * A batch through TitleDesk's own engine: the real session, PurchaseService (journal and
 * poller), spending guard and BatchService. Plans a batch of every title in the workload with
 * five variables, runs it at the given concurrency and prints what happened.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { BatchService } from '../../electron/core/batch/batch-service.ts';
import { limitHeapGrowth } from '../../electron/core/app/heap-growth.ts';
import { createEnvironmentSession } from '../../electron/core/env/environment-session.ts';
import { fillSandboxSecrets, sandboxEnvironment } from '../../electron/core/env/sandbox-environment.ts';
import { createHttpAgent } from '../../electron/core/http/agent.ts';
import { PurchaseService } from '../../electron/core/purchases/purchase-service.ts';
import { MemorySecretStore } from '../../electron/core/secrets/memory-secret-store.ts';
import { SpendingLedger } from '../../electron/core/spending/ledger.ts';
import { SpendingGuard } from '../../electron/core/spending/spending-guard.ts';
import { defaultAdvancedSettings } from '../../shared/environment/environment.ts';
import { sandboxConfigSchema } from '../../shared/environment/sandbox-config.ts';
import { defaultPurchasingSettings } from '../../shared/money/spending.ts';
import { startUsage } from '../lib/polling/polling-analysis.ts';

const input = z.object({ config: sandboxConfigSchema, titles: z.array(z.string()), concurrency: z.number().int() }).parse(JSON.parse(process.argv[2] ?? '{}'));
// As every host does when it starts the core (start-core.ts).
limitHeapGrowth();
const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-bench-batch-'));
const connections = defaultAdvancedSettings.maxConcurrentRequests;
const agent = createHttpAgent({ connections });
const secrets = new MemorySecretStore();
await fillSandboxSecrets(input.config, secrets);
const session = createEnvironmentSession({ environment: sandboxEnvironment(input.config), secrets, dispatcher: agent });
const purchases = new PurchaseService({ dataDir, maxConcurrent: connections });
const environment = { id: session.environment.id, client: session.client };
const guard = new SpendingGuard({ ledger: new SpendingLedger(purchases.journalPath), settings: () => defaultPurchasingSettings });
const batches = new BatchService({ journalPath: purchases.journalPath, purchases, guard, sessionOf: () => session, environmentOf: () => environment });

// Five variables every title offers: the sandbox's samples and one more from the first catalog.
const first = await session.catalog.catalog(input.titles[0] ?? '');
const offered = first.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables.map((variable) => variable.iri)));
const variables = [...input.config.sampleVariables];
for (const iri of offered) if (variables.length < 5 && !variables.includes(iri)) variables.push(iri);

const usage = startUsage();
const previewStarted = performance.now();
const plan = await batches.plan({
  environmentId: environment.id, source: 'bench.csv', csv: `title_number\n${input.titles.join('\n')}\n`, variables, tenure: 'all', reuseDays: 30, concurrency: input.concurrency,
});
const previewSeconds = (performance.now() - previewStarted) / 1000;
const id = batches.create(plan).id;
const runStarted = performance.now();
await batches.start(id);
const wallSeconds = (performance.now() - runStarted) / 1000;
const report = {
  previewSeconds,
  wallSeconds,
  queued: plan.items.filter((item) => item.state === 'queued').length,
  counts: batches.summary(id).counts,
  variables: variables.length,
  ...usage.stop(),
};
await batches.close();
await purchases.close();
guard.ledger.close();
await agent.close();
rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(report)}\n`);
