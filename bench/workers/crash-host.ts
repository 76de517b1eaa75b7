/**
 * A TitleDesk host for the crash-and-faults section, killed with SIGKILL by the bench:
 *   create: journals one purchase per title at once, prints {"event":"clicked"}, then follows them
 *   resume: resumes the journal (as a restart does) and follows what is still open
 * Both print {"event":"settled", states} when nothing is left to follow.
 */
import { z } from 'zod';
import { createEnvironmentSession } from '../../electron/core/env/environment-session.ts';
import { fillSandboxSecrets, sandboxEnvironment } from '../../electron/core/env/sandbox-environment.ts';
import { createHttpAgent } from '../../electron/core/http/agent.ts';
import { PurchaseService } from '../../electron/core/purchases/purchase-service.ts';
import { MemorySecretStore } from '../../electron/core/secrets/memory-secret-store.ts';
import { sandboxConfigSchema } from '../../shared/environment/sandbox-config.ts';

const argsSchema = z.object({
  mode: z.enum(['create', 'resume']),
  dataDir: z.string(),
  config: sandboxConfigSchema,
  titles: z.array(z.string()),
  variable: z.string(),
});
const args = argsSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
const agent = createHttpAgent({ connections: 16 });
const secrets = new MemorySecretStore();
await fillSandboxSecrets(args.config, secrets);
const session = createEnvironmentSession({ environment: sandboxEnvironment(args.config), secrets, dispatcher: agent });
const environment = { id: session.environment.id, client: session.client };
const service = new PurchaseService({
  dataDir: args.dataDir,
  resolveEnvironment: (id) => (id === environment.id ? environment : undefined),
  retry: { attempts: 8, baseMs: 200, capMs: 2_000 },
});

if (args.mode === 'create') {
  // Each create journals its intent before its first await: all are journaled when this loop ends.
  const created = args.titles.map((title) => service.create(environment, title, [args.variable]).catch(() => undefined));
  process.stdout.write(`${JSON.stringify({ event: 'clicked', count: created.length })}\n`);
  await Promise.all(created);
} else {
  service.resume();
}
for (;;) {
  const open = [...service.list({ status: 'pending', limit: 1000 }), ...service.list({ status: 'submitting', limit: 1000 })];
  if (open.length === 0) break;
  await Promise.all(open.map((record) => service.waitForSettled(record.id)));
}
const states: Record<string, number> = {};
for (const record of service.list({ limit: 1000 })) states[record.state] = (states[record.state] ?? 0) + 1;
process.stdout.write(`${JSON.stringify({ event: 'settled', states })}\n`);
await service.close();
await agent.close();
