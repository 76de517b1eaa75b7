/**
 * The same workload as a typical script would run it: discovery and one token, every POST at
 * once, then a GET every `intervalMs` until 200, whatever Retry-After and max-age say. It uses
 * the same HTTP client and the same number of connections as TitleDesk, so the difference is
 * the polling policy alone. It is judged afterwards from the sandbox's log, never by itself.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch } from 'undici';
import { apiHeaders, purchaseRequest, sandboxAccessToken } from '../lib/polling/sandbox-purchase.ts';
import { startUsage, workloadBuys, workloadSchema, type ClientReport } from '../lib/polling/polling-analysis.ts';

const workload = workloadSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
const base = workload.config.baseUrl;
const intervalMs = workload.intervalMs ?? 1000;
const dispatcher = new Agent({ connections: workload.connections });

async function buy(title: string, variable: string, token: string): Promise<boolean> {
  const headers = apiHeaders(token);
  const purchase = purchaseRequest(base, token, title, variable);
  const post = await fetch(purchase.url, { method: 'POST', body: purchase.body, headers: purchase.headers, redirect: 'manual', dispatcher });
  await post.arrayBuffer();
  const location = post.headers.get('location');
  if (post.status === 200) return true;
  if (post.status !== 303 || location === null) return false;
  for (;;) {
    await sleep(intervalMs);
    const result = await fetch(new URL(location, base).href, { headers, dispatcher });
    await result.arrayBuffer();
    if (result.status === 200) return true;
    if (result.status !== 202) return false;
  }
}

const usage = startUsage();
const startedAt = performance.now();
const token = await sandboxAccessToken(workload, dispatcher);
const outcomes = await Promise.all(workloadBuys(workload).map((order) => buy(order.title, order.variable, token)));
const wallSeconds = (performance.now() - startedAt) / 1000;
const ok = outcomes.filter((outcome) => outcome).length;
const report: ClientReport = {
  settled: outcomes.length,
  states: { available: ok, failed: outcomes.length - ok },
  wallSeconds,
  ...usage.stop(),
};
await dispatcher.close();
process.stdout.write(`${JSON.stringify(report)}\n`);
