import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentSecurityPolicy } from '../../shared/content-security-policy.ts';
import type { ContractEvents, ContractRouter } from '../core/router/router-types.ts';
import { createHttpServer } from '../sandbox/http/node-servers.ts';
import { hasBody, refuse, sendJson } from './http-answers.ts';
import { bodyLimitFor, readJsonBody } from './read-json-body.ts';
import { hasLaunchKey, isAllowedHost, isAllowedOrigin } from './request-guard.ts';
import { loadStaticFiles, type StaticFile } from './static-files.ts';

export interface WebHostOptions {
  readonly router: ContractRouter;
  readonly events: ContractEvents;
  /** The built renderer (dist/). */
  readonly staticDir: string;
  readonly port?: number;
}

export interface RunningWebHost {
  /** Opens the app: the launch key rides in the fragment, which browsers never send to servers. */
  readonly url: string;
  readonly origin: string;
  close(): Promise<void>;
}

const invokePrefix = '/api/invoke/';
const eventsPath = '/api/events';

/** Serves the renderer and the contract over HTTP on 127.0.0.1, for machines without Electron. */
export async function startWebHost(options: WebHostOptions): Promise<RunningWebHost> {
  const files = await loadStaticFiles(options.staticDir);
  const launchKey = randomBytes(32).toString('base64url');
  const closeStreams = new Set<() => void>();
  let port = 0;

  const server = createHttpServer().on('request', (request: IncomingMessage, response: ServerResponse) => {
    // A client that resets mid-request is its own failure: no request may end the host.
    request.on('error', ignore);
    response.on('error', ignore);
    handle(request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, { error: 'internal' });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Referrer-Policy', 'no-referrer');
    // Every check below looks at the head only: a refused request's body is never read.
    if (!isAllowedHost(request, port) || !isAllowedOrigin(request, port)) {
      refuse(request, response, 403, { error: 'This host only answers pages it served itself.' });
      return;
    }
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path.startsWith('/api/') && !hasLaunchKey(request, launchKey)) {
      refuse(request, response, 401, { error: 'Missing or wrong launch key.' });
      return;
    }
    // Only a call carries a body; any other is refused unread, so it is never drained.
    if (hasBody(request) && !(path.startsWith(invokePrefix) && request.method === 'POST')) {
      refuse(request, response, 400, { error: 'This request takes no body.' });
      return;
    }
    if (!path.startsWith('/api/')) {
      serveStatic(request, response, files, path);
      return;
    }
    if (path === eventsPath && request.method === 'GET') {
      streamEvents(response, options.events, closeStreams);
      return;
    }
    if (path.startsWith(invokePrefix) && request.method === 'POST') {
      await invoke(request, response, path.slice(invokePrefix.length));
      return;
    }
    refuse(request, response, 404, { error: 'Not found.' });
  }

  async function invoke(request: IncomingMessage, response: ServerResponse, encodedChannel: string): Promise<void> {
    const channel = decodeChannel(encodedChannel);
    if (channel === undefined) {
      refuse(request, response, 400, { ok: false, error: { code: 'validation', message: 'The channel name is not valid percent-encoding.' } });
      return;
    }
    const payload = await readJsonBody(request, bodyLimitFor(channel));
    if (!payload.ok) {
      refuse(request, response, payload.status, { ok: false, error: { code: 'validation', message: payload.message } });
      return;
    }
    sendJson(response, 200, await options.router.dispatch(channel, payload.value));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  port = boundPort(server.address());
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/#key=${launchKey}`,
    origin,
    async close() {
      for (const closeStream of closeStreams) closeStream();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => { resolve(); }));
    },
  };
}

function serveStatic(request: IncomingMessage, response: ServerResponse, files: ReadonlyMap<string, StaticFile>, path: string): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendJson(response, 405, { error: 'Method not allowed.' });
    return;
  }
  const file = files.get(path === '/' ? '/index.html' : path);
  if (file === undefined) {
    sendJson(response, 404, { error: 'Not found.' });
    return;
  }
  response.writeHead(200, {
    'Content-Type': file.contentType,
    'Content-Length': file.body.length,
    'Content-Security-Policy': contentSecurityPolicy,
    'Cache-Control': 'no-cache',
  });
  response.end(request.method === 'HEAD' ? undefined : file.body);
}

/** Server-sent events for the contract's events; one stream per open page. */
function streamEvents(response: ServerResponse, events: ContractEvents, closeStreams: Set<() => void>): void {
  response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  response.write(': connected\n\n');
  const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), 15_000);
  const unsubscribe = events.subscribe((channel, payload) => {
    response.write(`event: ${channel}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  const close = (): void => {
    clearInterval(heartbeat);
    unsubscribe();
    closeStreams.delete(close);
    response.end();
  };
  closeStreams.add(close);
  response.on('close', close);
}

/** A channel name from the path; undefined when its percent-encoding is broken (a 400, not a 500). */
function decodeChannel(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

function ignore(): void {
  // Deliberately empty: see where it is attached.
}

function boundPort(address: AddressInfo | string | null): number {
  if (address === null || typeof address === 'string') throw new Error('The web host is not listening on a TCP port.');
  return address.port;
}
