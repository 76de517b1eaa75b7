/** Plain-HTTP helpers for the sandbox's own tests: they talk to it exactly as any client would. */
import { z } from 'zod';
import type { RunningSandbox } from '../../../electron/sandbox/index.ts';

export const formType = 'application/x-www-form-urlencoded';

export const tokenResponseSchema = z.strictObject({
  access_token: z.string().min(16),
  expires_in: z.int(),
  token_type: z.literal('Bearer'),
  id_token: z.string().optional(),
});

export async function developerToken(sandbox: RunningSandbox): Promise<string> {
  const response = await fetch(`${sandbox.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': formType, Accept: 'application/json' },
    body: new URLSearchParams({
      client_id: sandbox.config.developer.clientId,
      grant_type: 'refresh_token',
      refresh_token: sandbox.config.developer.refreshToken,
    }),
  });
  if (response.status !== 200) throw new Error(`developer token: ${response.status}`);
  return tokenResponseSchema.parse(await response.json()).access_token;
}

export function basic(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
}

export async function machineToken(sandbox: RunningSandbox): Promise<string> {
  const { clientId, clientSecret } = sandbox.config.machine;
  const response = await fetch(`${sandbox.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': formType, Authorization: basic(clientId, clientSecret) },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  if (response.status !== 200) throw new Error(`machine token: ${response.status}`);
  return tokenResponseSchema.parse(await response.json()).access_token;
}

export function catalogPath(title: string): string {
  return `/world/GB-eaw/titles/${encodeURIComponent(title)}/catalog`;
}

export interface PurchaseOptions {
  readonly prefer?: string | readonly string[] | null;
  readonly contentType?: string;
  readonly body?: string;
}

/** POSTs a purchase; redirects are not followed so the 303 itself can be inspected. */
export function purchase(sandbox: RunningSandbox, token: string | null, title: string, variables: readonly string[], options: PurchaseOptions = {}): Promise<Response> {
  const headers = new Headers({ 'Content-Type': options.contentType ?? 'application/ld+json', Accept: 'application/ld+json' });
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  const prefer = options.prefer === undefined ? 'respond-async' : options.prefer;
  if (typeof prefer === 'string') headers.set('Prefer', prefer);
  else if (prefer !== null) for (const value of prefer) headers.append('Prefer', value);
  const body = options.body ?? JSON.stringify({ '@context': `${sandbox.baseUrl}/.hydra/context.jsonld`, '@type': 'PurchaseVariableAction', variables });
  return fetch(`${sandbox.baseUrl}${catalogPath(title)}`, { method: 'POST', headers, body, redirect: 'manual' });
}

export function getResult(sandbox: RunningSandbox, token: string | null, location: string): Promise<Response> {
  const headers = new Headers({ Accept: 'application/ld+json' });
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  return fetch(new URL(location, sandbox.baseUrl), { headers, redirect: 'manual' });
}

export function authGet(sandbox: RunningSandbox, token: string | null, path: string): Promise<Response> {
  const headers = new Headers({ Accept: 'application/ld+json' });
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  return fetch(`${sandbox.baseUrl}${path}`, { headers });
}

/** The purchase result of the seed, field for field and nothing more. */
export function collectionSchema(sandbox: RunningSandbox) {
  const datum = z.strictObject({
    '@type': z.string().startsWith(`${sandbox.baseUrl}/ontologies/`).includes('#'),
    price: z.strictObject({ value: z.number().min(0.01).max(5), currency: z.literal('GBP') }),
    variable: z.strictObject({ '@type': z.literal('Variable'), '@id': z.string() }),
    value: z.string(),
  });
  return z.strictObject({
    '@context': z.literal(`${sandbox.baseUrl}/.hydra/context.jsonld`),
    '@type': z.literal('hydra:Collection'),
    manages: z.strictObject({ property: z.literal('rdf:type'), object: z.literal('Datum') }),
    member: z.array(datum),
    totalItems: z.int(),
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls a result as a well-behaved client does, honouring max-age, until it is no longer 202. */
export async function pollResult(sandbox: RunningSandbox, token: string, location: string): Promise<{ final: Response; pending: number }> {
  let pending = 0;
  for (;;) {
    const response = await getResult(sandbox, token, location);
    if (response.status !== 202) return { final: response, pending };
    pending += 1;
    const maxAge = /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1];
    await sleep(Math.max(50, Number(maxAge ?? '0') * 1000));
  }
}
