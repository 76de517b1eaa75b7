/**
 * The least any client can do with the scale workload: one token, every POST at once, then one
 * GET of every result address at once, with undici's `request` and the same connection limit as
 * TitleDesk. Nothing is validated, journaled, scheduled or retried, and no advice is followed:
 * the sandbox's log then shows how many POSTs, and how many GETs, this machine and the sandbox
 * answer a second at all.
 */
import { Agent, request } from 'undici';
import { z } from 'zod';
import { startUsage, workloadBuys, workloadSchema, type ClientReport } from '../lib/polling-analysis.ts';

const workload = workloadSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
const base = workload.config.baseUrl;
const dispatcher = new Agent({ connections: workload.connections });

async function json(response: Promise<Awaited<ReturnType<typeof request>>>): Promise<unknown> {
  return (await response).body.json();
}

async function accessToken(): Promise<string> {
  const discovery = z.object({ token_endpoint: z.string() }).parse(await json(request(`${base}/.well-known/openid-configuration`, { dispatcher })));
  const form = new URLSearchParams({
    client_id: workload.config.developer.clientId,
    grant_type: 'refresh_token',
    refresh_token: workload.config.developer.refreshToken,
  });
  const answer = request(discovery.token_endpoint, { method: 'POST', body: form.toString(), headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, dispatcher });
  return z.object({ access_token: z.string() }).parse(await json(answer)).access_token;
}

const token = await accessToken();
const headers = { authorization: `Bearer ${token}`, accept: 'application/ld+json' };

/** The result address of a 303, or undefined for any other answer. */
async function post(title: string, variable: string): Promise<string | undefined> {
  const body = JSON.stringify({ '@context': `${base}/.hydra/context.jsonld`, '@type': 'PurchaseVariableAction', variables: [variable] });
  const answer = await request(`${base}/world/GB-eaw/titles/${encodeURIComponent(title)}/catalog`, {
    method: 'POST',
    body,
    headers: { ...headers, 'content-type': 'application/ld+json', prefer: 'respond-async' },
    dispatcher,
  });
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
