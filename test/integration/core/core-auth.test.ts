import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import { startSandbox } from '../../../electron/sandbox/index.ts';
import { createHttpAgent } from '../../../electron/core/http/agent.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { TokenManager } from '../../../electron/core/auth/token-manager.ts';
import { ApiServiceClient } from '../../../electron/core/auth/service-client.ts';
import type { SecretStore } from '../../../electron/core/secrets/secret-store.ts';
import type { AuthMode, AuthState, Environment } from '../../../shared/environment/environment.ts';
import { codeOf } from '../fixtures/core-fixtures.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Setup {
  readonly sandbox: Sandbox;
  readonly secrets: MemorySecretStore;
  readonly tokens: TokenManager;
  readonly client: ApiServiceClient;
  readonly catalogUrl: URL;
}

interface SetupOptions {
  ttl?: number;
  now?: () => number;
  credentials?: boolean;
  maxDelayMs?: number;
}

async function setup(mode: AuthMode, options: SetupOptions = {}): Promise<Setup> {
  const sandbox = await startSandbox({ port: 0, control: true, ...(options.ttl === undefined ? {} : { tokenTtlSeconds: options.ttl }) });
  const agent: Dispatcher = createHttpAgent();
  cleanups.push(() => sandbox.close(), () => agent.close());
  const { config } = sandbox;
  const environment: Environment = { id: 'sandbox', name: 'Sandbox', baseUrl: sandbox.baseUrl, authMode: mode };
  const secrets = new MemorySecretStore();
  if (options.credentials !== false) {
    if (mode === 'developer') {
      await secrets.set('sandbox', 'developerClientId', config.developer.clientId);
      await secrets.set('sandbox', 'refreshToken', config.developer.refreshToken);
    } else {
      await secrets.set('sandbox', 'clientId', config.machine.clientId);
      await secrets.set('sandbox', 'clientSecret', config.machine.clientSecret);
    }
  }
  const tokens = new TokenManager({
    environment,
    secrets,
    dispatcher: agent,
    backoff: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: options.maxDelayMs ?? 20 },
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const client = new ApiServiceClient({ baseUrl: new URL(sandbox.baseUrl), tokens, dispatcher: agent });
  const title = config.sampleTitles[0] ?? 'DN123456';
  const catalogUrl = new URL(`${sandbox.baseUrl.replace(/\/$/, '')}/world/GB-eaw/titles/${title}/catalog`);
  return { sandbox, secrets, tokens, client, catalogUrl };
}

function getCatalog(s: Setup): Promise<number> {
  return s.client
    .send({ method: 'GET', url: s.catalogUrl, headers: { accept: 'application/ld+json' } })
    .then((response) => response.status);
}


const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('authentication against the sandbox', () => {
  it.each(['developer', 'machine'] as const)('%s mode gets a token and the API accepts it', async (mode) => {
    const s = await setup(mode);
    const states: AuthState[] = [];
    s.tokens.onChange((state) => states.push(state));
    expect(await getCatalog(s)).toBe(200);
    expect(s.sandbox.stats().token).toBe(1);
    const state = await s.tokens.state();
    expect(state).toMatchObject({ environmentId: 'sandbox', mode, signedIn: true, credentials: 'session' });
    expect(state.expiresAt).toBeGreaterThan(Date.now());
    expect(states.at(-1)?.signedIn).toBe(true);
    const secret = mode === 'developer' ? s.sandbox.config.developer.refreshToken : s.sandbox.config.machine.clientSecret;
    expect(JSON.stringify(states)).not.toContain(secret);
  });

  it('fetches discovery once for many requests, sequential and concurrent', async () => {
    const s = await setup('machine');
    for (let i = 0; i < 5; i += 1) expect(await getCatalog(s)).toBe(200);
    const statuses = await Promise.all(Array.from({ length: 50 }, () => getCatalog(s)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(s.sandbox.stats().discovery).toBe(1);
    expect(s.sandbox.stats().token).toBe(1);
  });

  it('sends exactly one token request for 500 concurrent service requests', async () => {
    const s = await setup('developer');
    const statuses = await Promise.all(Array.from({ length: 500 }, () => getCatalog(s)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(500);
    expect(s.sandbox.stats().token).toBe(1);
  });

  it('gets a new token when the old one expires mid-flow', async () => {
    const s = await setup('machine', { ttl: 1 });
    expect(await getCatalog(s)).toBe(200);
    await sleep(1100);
    expect(await getCatalog(s)).toBe(200);
    expect(s.sandbox.stats().token).toBe(2);
  });

  it('answers a 401 with a new token and one more try', async () => {
    const frozen = Date.now();
    // The client's clock stands still, so it believes its token is fresh when the service does not.
    const s = await setup('developer', { ttl: 1, now: () => frozen });
    expect(await getCatalog(s)).toBe(200);
    await sleep(1100);
    expect(await getCatalog(s)).toBe(200);
    expect(s.sandbox.stats().token).toBe(2);
    expect(s.sandbox.stats().catalog).toBe(3);
  });

  it('clears a rejected refresh token and reports invalid_grant', async () => {
    const s = await setup('developer');
    await s.secrets.set('sandbox', 'refreshToken', 'revoked-refresh-token');
    expect(await codeOf(getCatalog(s))).toBe('invalid_grant');
    expect(await s.secrets.get('sandbox', 'refreshToken')).toBeUndefined();
    expect((await s.tokens.state()).credentials).toBe('missing');
    expect(s.sandbox.stats().catalog).toBe(0);
  });

  it('reports invalid_client for a wrong client secret and keeps the credentials', async () => {
    const s = await setup('machine');
    await s.secrets.set('sandbox', 'clientSecret', 'wrong-secret');
    expect(await codeOf(getCatalog(s))).toBe('invalid_client');
    expect(await s.secrets.get('sandbox', 'clientSecret')).toBe('wrong-secret');
    expect(s.sandbox.stats().catalog).toBe(0);
  });

  it('retries token endpoint failures and recovers', async () => {
    const s = await setup('developer');
    s.sandbox.setFaults([
      { target: 'token', kind: 'status503', count: 1, retryAfterSeconds: 0 },
      { target: 'token', kind: 'status500', count: 1 },
    ]);
    expect(await getCatalog(s)).toBe(200);
    expect(s.sandbox.stats().token).toBe(3);
  });

  it("waits the token endpoint's Retry-After before trying again", async () => {
    const s = await setup('machine', { maxDelayMs: 5_000 });
    s.sandbox.setFaults([{ target: 'token', kind: 'status503', count: 1, retryAfterSeconds: 2 }]);
    expect(await getCatalog(s)).toBe(200);
    const tokens = s.sandbox.log().filter((entry) => entry.class === 'token');
    expect(tokens.map((entry) => entry.status)).toEqual([503, 200]);
    const [refused, granted] = tokens;
    // The log stamps each response as it is sent: the retry's answer cannot precede the advised time.
    expect((granted?.time ?? 0) - (refused?.time ?? Infinity)).toBeGreaterThanOrEqual(2_000);
  });

  it('fails at once, saying so, when the token endpoint asks for a longer wait than retries allow', async () => {
    const s = await setup('machine', { maxDelayMs: 5_000 });
    s.sandbox.setFaults([{ target: 'token', kind: 'status503', retryAfterSeconds: 60 }]);
    const failure = await s.tokens.accessToken().then(() => undefined, (error: unknown) => error);
    expect(failure).toMatchObject({ code: 'auth_unavailable', message: expect.stringContaining('asked to wait 60 s') as unknown });
    expect(s.sandbox.stats().token).toBe(1);
  });

  it('retries a dropped token connection and recovers', async () => {
    const s = await setup('machine');
    s.sandbox.setFaults([{ target: 'token', kind: 'drop', count: 1 }]);
    expect(await getCatalog(s)).toBe(200);
    expect(s.sandbox.stats().token).toBe(2);
  });

  it('gives up with auth_unavailable after bounded retries and keeps the credentials', async () => {
    const s = await setup('developer');
    s.sandbox.setFaults([{ target: 'token', kind: 'status500' }]);
    expect(await codeOf(getCatalog(s))).toBe('auth_unavailable');
    expect(s.sandbox.stats().token).toBe(3);
    expect(await s.secrets.get('sandbox', 'refreshToken')).toBe(s.sandbox.config.developer.refreshToken);
    s.sandbox.setFaults([]);
    expect(await getCatalog(s)).toBe(200);
  });

  it.each(['developer', 'machine'] as const)('%s mode without credentials sends nothing', async (mode) => {
    const s = await setup(mode, { credentials: false });
    expect(await codeOf(getCatalog(s))).toBe('credentials_missing');
    const stats = s.sandbox.stats();
    expect([stats.discovery, stats.token, stats.catalog]).toEqual([0, 0, 0]);
    expect(await s.tokens.state()).toMatchObject({ signedIn: false, credentials: 'missing', expiresAt: null });
  });
});

/** A loopback identity provider of our own, for behaviour the sandbox does not show. */
async function serveJson(handler: (path: string, body: string) => { status: number; json: unknown }): Promise<string> {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const reply = handler(request.url ?? '/', body);
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => {
      resolve();
    });
  }));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
}

describe('identity provider details', () => {
  it('follows discovery to a token endpoint on another host', async () => {
    const sandbox = await startSandbox({ port: 0, control: true });
    cleanups.push(() => sandbox.close());
    // Our provider serves the sandbox's discovery document, so its token_endpoint is on another host.
    const discovery: unknown = await (await fetch(`${sandbox.baseUrl}/.well-known/openid-configuration`)).json();
    const idp = await serveJson(() => ({ status: 200, json: discovery }));
    const agent = createHttpAgent();
    cleanups.push(() => agent.close());
    const secrets = new MemorySecretStore();
    await secrets.set('x', 'clientId', sandbox.config.machine.clientId);
    await secrets.set('x', 'clientSecret', sandbox.config.machine.clientSecret);
    const tokens = new TokenManager({ environment: { id: 'x', name: 'X', baseUrl: idp, authMode: 'machine' }, secrets, dispatcher: agent });
    const client = new ApiServiceClient({ baseUrl: new URL(sandbox.baseUrl), tokens, dispatcher: agent });
    const url = new URL(`${sandbox.baseUrl}/world/GB-eaw/titles/${sandbox.config.sampleTitles[0] ?? ''}/catalog`);
    expect((await client.send({ method: 'GET', url })).status).toBe(200);
    // The one discovery request the sandbox saw is the test's own fetch above.
    expect(sandbox.stats()).toMatchObject({ discovery: 1, token: 1, catalog: 1 });
  });

  it('stores a rotated refresh token before the new access token is used', async () => {
    const events: string[] = [];
    let base = '';
    base = await serveJson((path, body) => {
      if (path === '/.well-known/openid-configuration') return { status: 200, json: { token_endpoint: `${base}/oauth2/token` } };
      if (path === '/oauth2/token') {
        events.push(`token request with ${new URLSearchParams(body).get('refresh_token') ?? ''}`);
        return { status: 200, json: { access_token: 'at-2', expires_in: 3600, token_type: 'Bearer', refresh_token: 'rt-2' } };
      }
      events.push('api request');
      return { status: 200, json: {} };
    });
    const memory = new MemorySecretStore();
    const secrets: SecretStore = {
      persistence: 'session',
      get: (id, name) => memory.get(id, name),
      delete: (id, name) => memory.delete(id, name),
      set: async (id, name, value) => {
        events.push(`stored ${name}=${value}`);
        await memory.set(id, name, value);
      },
    };
    await memory.set('x', 'refreshToken', 'rt-1');
    const agent = createHttpAgent();
    cleanups.push(() => agent.close());
    const environment: Environment = { id: 'x', name: 'X', baseUrl: base, authMode: 'developer', developerClientId: 'dev' };
    const tokens = new TokenManager({ environment, secrets, dispatcher: agent });
    const client = new ApiServiceClient({ baseUrl: new URL(base), tokens, dispatcher: agent });
    expect((await client.send({ method: 'GET', url: new URL(`${base}/thing`) })).status).toBe(200);
    expect(events).toEqual(['token request with rt-1', 'stored refreshToken=rt-2', 'api request']);
  });
});
