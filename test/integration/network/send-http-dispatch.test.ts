import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TransportError } from '../../../electron/core/http/exchange-types.ts';
import { CoreError } from '../../../electron/core/errors.ts';
import { createHttpAgent } from '../../../electron/core/http/agent.ts';
import { sendHttp } from '../../../electron/core/http/send-http.ts';

/**
 * sendHttp at undici's dispatch level (exchange-handler.ts): what request() used to do for it,
 * checked against a real loopback server: headers read as Headers.get reads them, interim 1xx
 * answers skipped, and a deadline or a cancel that ends a request still waiting for a connection
 * at once, without a byte of it written and without closing the connection it waited for.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Served {
  readonly url: URL;
  /** Every request the server received, by path. */
  readonly paths: string[];
  /** Connections the server accepted. */
  connections(): number;
}

async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<Served> {
  const paths: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    request.resume();
    request.on('end', () => {
      handler(request, response);
    });
  });
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => {
      resolve();
    });
  }));
  const { port } = server.address() as AddressInfo;
  return { url: new URL(`http://127.0.0.1:${port}/`), paths, connections: () => sockets.size };
}

function oneConnectionAgent(): ReturnType<typeof createHttpAgent> {
  const agent = createHttpAgent({ connections: 1 });
  cleanups.push(() => agent.destroy());
  return agent;
}

/**
 * A server whose `/slow` answers only when released, and an agent with one connection that a
 * request to `/slow` already holds: whatever is sent next waits for that connection.
 */
async function connectionHeldBySlow(): Promise<{ served: Served; agent: ReturnType<typeof createHttpAgent>; slow: ReturnType<typeof sendHttp>; release: () => void }> {
  let release: () => void = () => undefined;
  const served = await serve((request, response) => {
    if (request.url === '/slow') release = () => response.end('slow');
    else response.end('fast');
  });
  const agent = oneConnectionAgent();
  const slow = sendHttp(agent, { method: 'GET', url: new URL('/slow', served.url) });
  await expect.poll(() => served.paths.length).toBe(1);
  return { served, agent, slow, release: () => { release(); } };
}

describe('sendHttp over undici dispatch', () => {
  it('reads headers in any case, joins repeated ones with ", ", and answers null for absent ones', async () => {
    const served = await serve((_request, response) => {
      response.setHeader('Cache-Control', 'max-age=2');
      response.setHeader('X-Repeated', ['first', 'second']);
      response.end('{"ok":true}');
    });
    const response = await sendHttp(oneConnectionAgent(), { method: 'GET', url: new URL('/headers', served.url) });
    expect(response.status).toBe(200);
    expect(response.body).toBe('{"ok":true}');
    expect(response.headers.get('cache-control')).toBe('max-age=2');
    expect(response.headers.get('CACHE-CONTROL')).toBe('max-age=2');
    expect(response.headers.get('x-repeated')).toBe('first, second');
    expect(response.headers.get('retry-after')).toBeNull();
    expect(response.headers.get('__proto__')).toBeNull();
  });

  it('skips an interim 103 and answers with the final response and its own headers', async () => {
    const served = await serve((_request, response) => {
      response.writeEarlyHints({ link: '</style.css>; rel=preload' });
      response.writeHead(202, { 'cache-control': 'max-age=1' });
      response.end();
    });
    const response = await sendHttp(oneConnectionAgent(), { method: 'GET', url: new URL('/interim', served.url) });
    expect(response.status).toBe(202);
    expect(response.headers.get('cache-control')).toBe('max-age=1');
    expect(response.headers.get('link')).toBeNull();
  });

  it('gives a body that arrives in many chunks whole, multi-byte characters included', async () => {
    const text = 'Ünïcödé £ '.repeat(20_000);
    const served = await serve((_request, response) => {
      const bytes = Buffer.from(text);
      // Split inside a multi-byte character on purpose.
      response.write(bytes.subarray(0, 1));
      setTimeout(() => response.end(bytes.subarray(1)), 20);
    });
    const response = await sendHttp(oneConnectionAgent(), { method: 'GET', url: new URL('/chunks', served.url) });
    expect(response.body).toBe(text);
  });

  it('times out a request still waiting for the only connection at once: not sent, and the connection kept', async () => {
    const { served, agent, slow, release } = await connectionHeldBySlow();
    const queued = sendHttp(agent, { method: 'GET', url: new URL('/queued', served.url), timeoutMs: 50 });
    const failure = await queued.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransportError);
    expect((failure as TransportError).message).toMatch(/did not answer in time/);
    // The slow exchange still holds the connection: the queued one ended before it had one.
    expect(served.paths).toEqual(['/slow']);
    release();
    expect((await slow).body).toBe('slow');
    const after = await sendHttp(agent, { method: 'GET', url: new URL('/after', served.url) });
    expect(after.body).toBe('fast');
    expect(served.paths).toEqual(['/slow', '/after']);
    expect(served.connections()).toBe(1);
  });

  it('cancels a queued request at once when its signal aborts, and a POST is then known not to have been sent', async () => {
    const { served, agent, slow, release } = await connectionHeldBySlow();
    const controller = new AbortController();
    let hookRan = false;
    const queued = sendHttp(agent, {
      method: 'POST',
      url: new URL('/purchase', served.url),
      body: '{}',
      signal: controller.signal,
      onSending: () => {
        hookRan = true;
      },
    });
    controller.abort();
    const failure = await queued.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CoreError);
    expect((failure as CoreError).code).toBe('cancelled');
    release();
    await slow;
    // The connection came free after the cancel: the cancelled POST never took it.
    await sendHttp(agent, { method: 'GET', url: new URL('/after', served.url) });
    expect(hookRan).toBe(false);
    expect(served.paths).toEqual(['/slow', '/after']);
  });

  it('ends a request under way when its signal aborts, and each request of one signal only once', async () => {
    const served = await serve(() => {
      // Never answers.
    });
    const agent = createHttpAgent({ connections: 4 });
    cleanups.push(() => agent.destroy());
    const controller = new AbortController();
    const requests = ['/a', '/b', '/c'].map((path) => sendHttp(agent, { method: 'GET', url: new URL(path, served.url), signal: controller.signal }).catch((error: unknown) => error));
    await expect.poll(() => served.paths.length).toBe(3);
    controller.abort();
    const failures = await Promise.all(requests);
    for (const failure of failures) expect((failure as CoreError).code).toBe('cancelled');
  });
});
