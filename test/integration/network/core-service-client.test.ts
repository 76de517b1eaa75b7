import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import { startSandbox } from '../../../electron/sandbox/index.ts';
import { createHttpAgent } from '../../../electron/core/http/agent.ts';
import { sendHttp } from '../../../electron/core/http/send-http.ts';
import { TransportError } from '../../../electron/core/http/exchange-types.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { createEnvironmentSession } from '../../../electron/core/env/environment-session.ts';
import { CoreError } from '../../../electron/core/errors.ts';
import type { Environment } from '../../../shared/environment/environment.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newAgent(): Dispatcher {
  const agent = createHttpAgent();
  cleanups.push(() => agent.close());
  return agent;
}

/** A loopback server that behaves in one chosen way, to play out failures the sandbox need not offer. */
async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ url: URL; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request);
    request.resume();
    request.on('end', () => {
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  );
  return { url: new URL(`http://127.0.0.1:${portOf(server.address())}/thing`), seen };
}

function portOf(address: AddressInfo | string | null): number {
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
}

/** A loopback port nobody listens on: bound once by us, then released. */
async function closedPortUrl(): Promise<URL> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server.address());
  await new Promise<void>((resolve) => server.close(() => {
    resolve();
  }));
  return new URL(`http://127.0.0.1:${port}/thing`);
}

async function transportFailureOf(promise: Promise<unknown>): Promise<TransportError> {
  const error = await failureOf(promise);
  if (error instanceof TransportError) return error;
  throw new Error(`expected a TransportError, got ${String(error)}`);
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('sendHttp failure classification', () => {
  it('reports a refused connection as not received', async () => {
    const error = await transportFailureOf(sendHttp(newAgent(), { method: 'POST', url: await closedPortUrl(), body: '{}' }));
    expect(error.maybeReceived).toBe(false);
    expect(error.message).toMatch(/Could not connect/);
  });

  it('reports a connection dropped after the request was written as maybe received', async () => {
    const { url, seen } = await serve((request) => request.socket.destroy());
    const error = await transportFailureOf(sendHttp(newAgent(), { method: 'POST', url, body: '{"a":1}' }));
    expect(seen).toHaveLength(1);
    expect(error.maybeReceived).toBe(true);
  });

  it('reports a request timeout as maybe received', async () => {
    const { url } = await serve(() => undefined);
    const error = await transportFailureOf(sendHttp(newAgent(), { method: 'POST', url, body: '{}', timeoutMs: 100 }));
    expect(error.maybeReceived).toBe(true);
  });

  it('reports the caller aborting as cancelled', async () => {
    const { url } = await serve(() => undefined);
    const controller = new AbortController();
    const pending = sendHttp(newAgent(), { method: 'GET', url, signal: controller.signal });
    controller.abort();
    const error = await failureOf(pending);
    expect(error instanceof CoreError ? error.code : error).toBe('cancelled');
  });

  it('does not follow redirects: a 303 is data for the caller', async () => {
    const { url } = await serve((_request, response) => {
      response.writeHead(303, { location: '/purchases/p1', 'retry-after': '2' }).end();
    });
    const response = await sendHttp(newAgent(), { method: 'POST', url, body: '{}' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/purchases/p1');
    expect(response.receivedAt).toBeLessThanOrEqual(Date.now());
  });
});

describe('ApiServiceClient', () => {
  async function sandboxSession(): Promise<{ session: ReturnType<typeof createEnvironmentSession>; stats: () => { token: number } }> {
    const sandbox = await startSandbox({ port: 0, control: true });
    cleanups.push(() => sandbox.close());
    const secrets = new MemorySecretStore();
    await secrets.set('sb', 'clientId', sandbox.config.machine.clientId);
    await secrets.set('sb', 'clientSecret', sandbox.config.machine.clientSecret);
    const environment: Environment = { id: 'sb', name: 'Sandbox', baseUrl: sandbox.baseUrl, authMode: 'machine' };
    const session = createEnvironmentSession({ environment, secrets, dispatcher: newAgent() });
    return { session, stats: () => sandbox.stats() };
  }

  it('sends the Bearer token in place of any caller Authorization header', async () => {
    const { session } = await sandboxSession();
    const { url, seen } = await serve((_request, response) => response.end('ok'));
    const response = await session.client.send({ method: 'GET', url, headers: { Authorization: 'Basic leak' } });
    expect(response.body).toBe('ok');
    expect(seen[0]?.headersDistinct.authorization).toHaveLength(1);
    expect(seen[0]?.headers.authorization).toMatch(/^Bearer \S+$/);
  });

  it('retries a 401 once with a new token, then returns the second 401 to the caller', async () => {
    const { session, stats } = await sandboxSession();
    const { url, seen } = await serve((_request, response) => response.writeHead(401).end());
    const response = await session.client.send({ method: 'POST', url, body: '{"x":1}' });
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(2);
    expect(stats().token).toBe(2);
    const [first, second] = seen.map((request) => request.headers.authorization);
    expect(first).not.toBe(second);
  });
});
