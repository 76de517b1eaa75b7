/**
 * One desk of a team under load: its own data folder and PurchaseService, joined to the team
 * database by startTeamDesk (or alone on its SQLite journal, for the comparison). Prints
 * {ready} once joined (a team desk with its titles' catalogs loaded), waits for the go file, buys its pairs all at once, waits for them to settle
 * and for the team's changes to stop arriving, then prints its report: every state change it saw,
 * with the time, its own and other desks' alike, and the CPU it used from the go.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { settledPurchaseStates, type PurchaseRecord } from '../../shared/purchase/purchase.ts';
import { sandboxConfigSchema } from '../../shared/environment/sandbox-config.ts';
import { CatalogClient } from '../../electron/core/catalog/catalog-client.ts';
import { CoreError } from '../../electron/core/errors.ts';
import { createEnvironmentSession } from '../../electron/core/env/environment-session.ts';
import { fillSandboxSecrets, sandboxEnvironment } from '../../electron/core/env/sandbox-environment.ts';
import { createHttpAgent } from '../../electron/core/http/agent.ts';
import { PurchaseService } from '../../electron/core/purchases/purchase-service.ts';
import { MemorySecretStore } from '../../electron/core/secrets/memory-secret-store.ts';
import { startTeamDesk } from '../../electron/core/team-desk/index.ts';
import { parseTeamUrl } from '../../electron/core/team/team-url.ts';

const inputSchema = z.object({
  config: sandboxConfigSchema,
  /** The desk's own login URL; absent: the desk works alone on its SQLite journal. */
  deskUrl: z.string().optional(),
  pairs: z.array(z.object({ title: z.string(), variable: z.string() })),
  goFile: z.string(),
});
// The input is a file: a thousand pairs of long IRIs do not fit in a command line.
const input = inputSchema.parse(JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')));

const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-bench-desk-'));
const agent = createHttpAgent({ connections: 16 });
const secrets = new MemorySecretStore();
await fillSandboxSecrets(input.config, secrets);
const session = createEnvironmentSession({ environment: sandboxEnvironment(input.config), secrets, dispatcher: agent });
const environment = { id: session.environment.id, client: session.client };
const purchases = new PurchaseService({ dataDir, log: (message) => process.stderr.write(`${message}\n`) });
const catalogs = new CatalogClient(session.client);
const desk = input.deskUrl === undefined ? undefined : await startTeamDesk({
  connection: parseTeamUrl(input.deskUrl),
  purchases,
  environments: { list: () => [{ id: environment.id, baseUrl: input.config.baseUrl }], catalogOf: (_id, resource) => catalogs.catalogOf(resource) },
  dataDir,
  log: (message) => process.stderr.write(`${message}\n`),
});

/** [local id, state, epoch ms, 1 when this desk's own purchase]: every change this desk's journal announced. */
const events: [string, PurchaseRecord['state'], number, 0 | 1][] = [];
let lastEventAt = Date.now();
purchases.onUpdate((record) => {
  lastEventAt = Date.now();
  events.push([record.id, record.state, lastEventAt, record.imported === true ? 0 : 1]);
});

// An analyst buys from a title's catalog on screen: the desk has it already (CatalogClient keeps
// it), so the team's begin prices from it at once. Loaded before the clicks, as on a real desk.
if (desk !== undefined) {
  const titles = [...new Set(input.pairs.map((pair) => pair.title))];
  for (let start = 0; start < titles.length; start += 250) await Promise.all(titles.slice(start, start + 250).map((title) => catalogs.catalogOf({ kind: 'title', key: title })));
}
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
while (!existsSync(input.goFile)) await new Promise((resolve) => setTimeout(resolve, 5));

const startedAt = performance.now();
const cpuAtGo = process.cpuUsage();
const refused: Record<string, number> = {};
const outcomes = await Promise.all(input.pairs.map(async ({ title, variable }) => {
  try {
    return await purchases.create(environment, title, [variable]);
  } catch (error) {
    const code = error instanceof CoreError ? error.code : 'other';
    refused[code] = (refused[code] ?? 0) + 1;
    return undefined;
  }
}));
const own = outcomes.filter((record): record is PurchaseRecord => record !== undefined && record.imported !== true);
const reused = outcomes.filter((record) => record?.imported === true).length;
await Promise.all(own.map((record) => (settledPurchaseStates.includes(record.state) ? Promise.resolve(record) : purchases.waitForSettled(record.id))));
const wallSeconds = (performance.now() - startedAt) / 1000;
// The other desks' purchases go on arriving after this desk's own settled: until 3 s pass without one.
const quietUntil = Date.now() + 60_000;
while (Date.now() - lastEventAt < 3_000 && Date.now() < quietUntil) await new Promise((resolve) => setTimeout(resolve, 100));
// Written in full before the exit below: a pipe takes a report of thousands of events in pieces.
const cpuUsed = process.cpuUsage(cpuAtGo);
const cpuSeconds = (cpuUsed.user + cpuUsed.system) / 1e6;
await new Promise((resolve) => { process.stdout.write(`${JSON.stringify({ wallSeconds, cpuSeconds, bought: own.length, reused, refused, events })}\n`, resolve); });
await desk?.close();
await purchases.close();
await agent.close();
process.exit(0);
