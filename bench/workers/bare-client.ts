/**
 * The least any client can do with the scale workload: one token, every POST at once, then one
 * GET of every result address at once, with undici's `request` and the same connection limit as
 * TitleDesk. Nothing is validated, journaled, scheduled or retried, and no advice is followed:
 * the sandbox's log then shows how many POSTs, and how many GETs, this machine and the sandbox
 * answer a second at all.
 */
import { Agent, request } from 'undici';
import { apiHeaders, purchaseRequest, sandboxAccessToken } from '../lib/polling/sandbox-purchase.ts';
import { startUsage, workloadBuys, workloadSchema, type ClientReport } from '../lib/polling/polling-analysis.ts';

const workload = workloadSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
const base = workload.config.baseUrl;
const dispatcher = new Agent({ connections: workload.connections });

const token = await sandboxAccessToken(workload, dispatcher);
const headers = apiHeaders(token);

/** The result address of a 303, or undefined for any other answer. */
async function post(title: string, variable: string): Promise<string | undefined> {
  const purchase = purchaseRequest(base, token, title, variable);
  const answer = await request(purchase.url, { method: 'POST', body: purchase.body, headers: purchase.headers, dispatcher });
  await answer.body.dump();
  const location = answer.headers['location'];
  return answer.statusCode === 303 && typeof location === 'string' ? new URL(location, base).href : undefined;
}

async function get(url: string): Promise<number> {
  const answer = await request(url, { headers, dispatcher });
  await answer.body.dump();
  return answer.statusCode;
}

const usage = startUsage();
const startedAt = performance.now();
const locations = await Promise.all(workloadBuys(workload).map((buy) => post(buy.title, buy.variable)));
const statuses = await Promise.all(locations.flatMap((url) => (url === undefined ? [] : [get(url)])));
const wallSeconds = (performance.now() - startedAt) / 1000;
const report: ClientReport = {
  settled: locations.length,
  states: { accepted: statuses.length, refused: locations.length - statuses.length },
  wallSeconds,
  ...usage.stop(),
};
await dispatcher.close();
process.stdout.write(`${JSON.stringify(report)}\n`);
