import { fetch, type Dispatcher } from 'undici';
import { z } from 'zod';
import type { Workload } from './polling-analysis.ts';

/**
 * The sandbox's side of a script client (the naive and bare workers): one access token for the
 * developer account, and one purchase request as the service takes it. TitleDesk itself goes
 * through its own environment session and purchase flow instead.
 */
export async function sandboxAccessToken(workload: Workload, dispatcher: Dispatcher): Promise<string> {
  const base = workload.config.baseUrl;
  const discovery = z.object({ token_endpoint: z.string() }).parse(await (await fetch(`${base}/.well-known/openid-configuration`, { dispatcher })).json());
  const form = new URLSearchParams({
    client_id: workload.config.developer.clientId,
    grant_type: 'refresh_token',
    refresh_token: workload.config.developer.refreshToken,
  });
  const response = await fetch(discovery.token_endpoint, { method: 'POST', body: form, headers: { accept: 'application/json' }, dispatcher });
  return z.object({ access_token: z.string() }).parse(await response.json()).access_token;
}

/** What every request to the API carries: the token, and the media type asked for. */
export function apiHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, accept: 'application/ld+json' };
}

/** A POST buying one variable of a title, asking for the asynchronous answer. */
export function purchaseRequest(base: string, token: string, title: string, variable: string): { url: string; body: string; headers: Record<string, string> } {
  return {
    url: `${base}/world/GB-eaw/titles/${encodeURIComponent(title)}/catalog`,
    body: JSON.stringify({ '@context': `${base}/.hydra/context.jsonld`, '@type': 'PurchaseVariableAction', variables: [variable] }),
    headers: { ...apiHeaders(token), 'content-type': 'application/ld+json', prefer: 'respond-async' },
  };
}
