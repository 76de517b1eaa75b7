import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { takeLaunchKey } from '../../renderer/bridge/launch-key.ts';
import { SseParser } from '../../renderer/bridge/sse-parser.ts';
import { launchKeyHeader } from '../../renderer/bridge/host-request.ts';
import { createWebBridge } from '../../renderer/bridge/web-bridge.ts';
import type { AuthState } from '../../shared/environment/environment.ts';

describe('the SSE parser', () => {
  it('assembles messages split across arbitrary chunks, CRLF and LF alike, and skips comments', () => {
    const stream = ': connected\r\n\r\nevent: auth:changed\r\ndata: {"a":\r\ndata: 1}\r\n\r\nevent: purchase:updated\ndata:{"b":2}\n\n';
    const parser = new SseParser();
    // One character at a time: every possible split point, including between CR and LF.
    const messages = Array.from({ length: stream.length }, (_, index) => stream.slice(index, index + 1)).flatMap((piece) => parser.push(piece));
    expect(messages).toEqual([
      { event: 'auth:changed', data: '{"a":\n1}' },
      { event: 'purchase:updated', data: '{"b":2}' },
    ]);
  });

  it('keeps an unfinished message until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('event: auth:changed\ndata: {}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'auth:changed', data: '{}' }]);
  });
});

describe('the launch key', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('is taken from the fragment, kept for reloads, and removed from the visible URL', () => {
    history.replaceState(null, '', '/index.html?x=1#key=abc123');
    const place = { location, history, storage: sessionStorage };
    expect(takeLaunchKey(place)).toBe('abc123');
    expect(location.hash).toBe('');
    expect(location.href).not.toContain('abc123');
    expect(location.search).toBe('?x=1');
    // A reload has no fragment any more.
    expect(takeLaunchKey(place)).toBe('abc123');
  });

  it('is absent when the page was opened without one', () => {
    history.replaceState(null, '', '/');
    expect(takeLaunchKey({ location, history, storage: sessionStorage })).toBeUndefined();
  });
});

/** A stand-in host on loopback answering what each test sets, over real HTTP and real fetch. */
let server: Server;
let origin: string;
let answer: (request: IncomingMessage, response: ServerResponse) => void;
const seenKeys: (string | undefined)[] = [];

beforeEach(async () => {
  seenKeys.length = 0;
  server = createServer((request, response) => {
    const key = request.headers[launchKeyHeader];
    seenKeys.push(typeof key === 'string' ? key : undefined);
    answer(request, response);
  });
  await new Promise<void>((resolve) => { server.listen(0, '127.0.0.1', resolve); });
  origin = `http://127.0.0.1:${boundPort(server.address())}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => { server.close(() => { resolve(); }); });
});

function boundPort(address: AddressInfo | string | null): number {
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
}

const json = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const state: AuthState = { environmentId: 'sandbox', mode: 'developer', signedIn: true, expiresAt: 1, credentials: 'session' };
const bridge = (launchKey: string | undefined) => createWebBridge({ launchKey, fetch: globalThis.fetch, origin });

describe('the web bridge', () => {
  it('sends the launch key and returns a Result that matches the contract', async () => {
    answer = (_request, response) => { json(response, 200, { ok: true, data: state }); };
    expect(await bridge('k')['auth:state']({ environmentId: 'sandbox' })).toEqual({ ok: true, data: state });
    expect(seenKeys).toEqual(['k']);
  });

  it('refuses data that does not match the channel response schema', async () => {
    answer = (_request, response) => { json(response, 200, { ok: true, data: { ...state, signedIn: 'yes' } }); };
    const result = await bridge('k')['auth:state'](undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'protocol' } });
  });

  it('passes contract errors through and turns a refused key into launch_key, not a service refusal', async () => {
    answer = (_request, response) => { json(response, 200, { ok: false, error: { code: 'invalid_grant', message: 'no' } }); };
    expect(await bridge('k')['auth:sign-in'](undefined)).toEqual({ ok: false, error: { code: 'invalid_grant', message: 'no' } });
    answer = (_request, response) => { json(response, 401, { error: 'Missing or wrong launch key.' }); };
    expect(await bridge('k')['auth:state'](undefined)).toMatchObject({ ok: false, error: { code: 'launch_key' } });
  });

  it('sends nothing at all without a launch key', async () => {
    answer = (_request, response) => { json(response, 200, { ok: true, data: state }); };
    expect(await bridge(undefined)['auth:state'](undefined)).toMatchObject({ ok: false, error: { code: 'launch_key' } });
    expect(seenKeys).toEqual([]);
  });

  it('delivers parsed events, drops malformed ones, and reconnects when the stream ends', async () => {
    let connections = 0;
    answer = (_request, response) => {
      connections += 1;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(': connected\n\n');
      response.write('event: auth:changed\ndata: {"not":"an auth state"}\n\n');
      // The first connection ends after one good event; the second stays open.
      response.write(`event: auth:changed\ndata: ${JSON.stringify({ ...state, expiresAt: connections })}\n\n`);
      if (connections === 1) response.end();
    };
    const received: AuthState[] = [];
    const stop = bridge('k').on('auth:changed', (payload) => { received.push(payload); });
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(2);
    stop();
    expect(received.map((payload) => payload.expiresAt)).toEqual([1, 2]);
    expect(seenKeys).toEqual(['k', 'k']);
  });
});
