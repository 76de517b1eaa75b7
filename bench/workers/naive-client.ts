/**
 * The same workload as a typical script would run it with fetch: discovery and one token, every
 * POST at once, then a GET every second until 200, whatever Retry-After and max-age say. The
 * advice is read only to judge the script afterwards, never to steer it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { freshnessSeconds } from '../../shared/http/cache-control.ts';
import { parseRetryAfter } from '../../shared/http/retry-after.ts';
import { startUsage, workloadSchema, type BenchExchange, type ClientReport } from '../lib/polling-analysis.ts';

const workload = workloadSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
const base = workload.config.baseUrl;

async function send(url: string, init: RequestInit, timeline: BenchExchange[]): Promise<Response> {
  const at = Date.now();
  const response = await fetch(url, { ...init, redirect: 'manual' });
  const receivedAt = Date.now();
  const advisedMs = response.status === 303
    ? parseRetryAfter(response.headers.get('retry-after'), receivedAt)
    : response.status === 202 ? mapSeconds(freshnessSeconds(response.headers.get('cache-control'), response.headers.get('age'))) : undefined;
  const exchange: BenchExchange = { method: init.method ?? 'GET', status: response.status, at, receivedAt };
  timeline.push(advisedMs === undefined ? exchange : { ...exchange, advisedWaitSeconds: advisedMs / 1000 });
  return response;
}

function mapSeconds(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : seconds * 1000;
}

async function accessToken(): Promise<string> {
  const discovery = z.object({ token_endpoint: z.string() }).parse(await (await fetch(`${base}/.well-known/openid-configuration`)).json());
  const form = new URLSearchParams({
    client_id: workload.config.developer.clientId,
    grant_type: 'refresh_token',
    refresh_token: workload.config.developer.refreshToken,
  });
  const response = await fetch(discovery.token_endpoint, { method: 'POST', body: form, headers: { accept: 'application/json' } });
  return z.object({ access_token: z.string() }).parse(await response.json()).access_token;
}

async function buy(title: string, token: string): Promise<{ timeline: BenchExchange[]; ok: boolean }> {
  const timeline: BenchExchange[] = [];
  const headers = { authorization: `Bearer ${token}`, accept: 'application/ld+json' };
  const body = JSON.stringify({ '@context': `${base}/.hydra/context.jsonld`, '@type': 'PurchaseVariableAction', variables: [workload.variable] });
  const post = await send(`${base}/world/GB-eaw/titles/${encodeURIComponent(title)}/catalog`, {
    method: 'POST',
    body,
    headers: { ...headers, 'content-type': 'application/ld+json', prefer: 'respond-async' },
  }, timeline);
  await post.arrayBuffer();
  const location = post.headers.get('location');
  if (post.status === 200) return { timeline, ok: true };
  if (post.status !== 303 || location === null) return { timeline, ok: false };
  for (;;) {
    await sleep(1000);
    const result = await send(new URL(location, base).href, { method: 'GET', headers }, timeline);
    await result.arrayBuffer();
    if (result.status === 200) return { timeline, ok: true };
    if (result.status !== 202) return { timeline, ok: false };
  }
}

const usage = startUsage();
const startedAt = performance.now();
const token = await accessToken();
const outcomes = await Promise.all(workload.titles.map((title) => buy(title, token)));
const wallSeconds = (performance.now() - startedAt) / 1000;
const ok = outcomes.filter((outcome) => outcome.ok).length;
const report: ClientReport = {
  timelines: outcomes.map((outcome) => outcome.timeline),
  settled: outcomes.length,
  states: { available: ok, failed: outcomes.length - ok },
  wallSeconds,
  ...usage.stop(),
};
process.stdout.write(`${JSON.stringify(report)}\n`);
