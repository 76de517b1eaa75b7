import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { handleControl } from './control.ts';
import type { FaultBook, FaultRule } from './faults.ts';
import { BodyTooLargeError, problemReply, readBody, type Reply } from './http/reply.ts';
import type { RequestLog } from './request-log.ts';
import { route, type Route } from './router.ts';
import type { ServiceState } from './service-state.ts';

const bodyLimitBytes = 1024 * 1024;

export interface HandlerDeps {
  readonly state: ServiceState;
  readonly faults: FaultBook;
  readonly log: RequestLog;
  readonly control: boolean;
  /** Aborted when the sandbox closes, so injected latency does not hold requests open. */
  readonly closing: AbortSignal;
}

/**
 * The Retry-After header a fault asks for: seconds, an HTTP-date, or none. A date comes with the
 * Date header of the same instant, as a server sends them: read together they give the wait exactly.
 */
function retryAfter(rule: FaultRule, fallbackSeconds: number): Record<string, string> {
  const seconds = rule.retryAfterSeconds ?? fallbackSeconds;
  if (rule.retryAfterForm === 'none') return {};
  if (rule.retryAfterForm === 'date') {
    const now = Date.now();
    return { Date: new Date(now).toUTCString(), 'Retry-After': new Date(now + seconds * 1000).toUTCString() };
  }
  return { 'Retry-After': String(seconds) };
}

function faultReply(rule: FaultRule): Reply | undefined {
  switch (rule.kind) {
    case 'status429':
      return problemReply(429, 'Too Many Requests', 'Injected fault: slow down.', retryAfter(rule, 1));
    case 'status500':
      return problemReply(500, 'Internal Server Error', 'Injected fault.');
    case 'status503':
      return problemReply(503, 'Service Unavailable', 'Injected fault: closed for maintenance.', retryAfter(rule, 1));
    case 'status504':
      return problemReply(504, 'Gateway Timeout', 'Injected fault: a downstream service timed out.');
    default:
      return undefined;
  }
}

function send(response: ServerResponse, reply: Reply): void {
  const body = Buffer.from(reply.body, 'utf8');
  response.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) });
  response.end(body);
}

async function serve(request: IncomingMessage, chosen: Route, deps: HandlerDeps): Promise<{ reply: Reply; drop: boolean }> {
  const body = await readBody(request, bodyLimitBytes);
  // A client is known by its access token: a limit per client counts each token's requests.
  const fault = chosen.target === undefined ? undefined : deps.faults.take(chosen.target, request.headers.authorization ?? '');
  if (fault?.kind === 'latency') await sleep(fault.latencyMs ?? 1000, undefined, { signal: deps.closing });
  const injected = fault === undefined ? undefined : faultReply(fault);
  // A drop happens after the request has been processed: a purchase is then made and its answer lost.
  const reply = injected ?? chosen.handle(body);
  return { reply, drop: fault?.kind === 'drop' };
}

async function serveControl(request: IncomingMessage, url: URL, deps: HandlerDeps): Promise<Reply> {
  return handleControl(request, url.pathname, await readBody(request, bodyLimitBytes), { ...deps, purchases: deps.state.purchases, state: deps.state });
}

/** What the log keeps about a purchase or result exchange: which purchase, and the wait advised. */
function purchaseFacts(path: string, reply: Reply): { purchaseId?: string; adviceSeconds?: number } {
  const purchaseId = /^\/purchases\/([^/]+)$/.exec(reply.headers['Location'] ?? reply.headers['Content-Location'] ?? path)?.[1];
  const advice = reply.status === 303 ? reply.headers['Retry-After'] : reply.status === 202 ? /max-age=([0-9]+)/.exec(reply.headers['Cache-Control'] ?? '')?.[1] : undefined;
  return { ...(purchaseId === undefined ? {} : { purchaseId }), ...(advice === undefined ? {} : { adviceSeconds: Number(advice) }) };
}

/** The server's request listener: routing, faults, the request log, and never an unhandled rejection. */
export function createRequestHandler(deps: HandlerDeps): (request: IncomingMessage, response: ServerResponse) => void {
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const arrivedAt = Date.now();
    const url = new URL(request.url ?? '/', deps.state.baseUrl);
    // Control requests stay out of the log so that reading the log does not change it.
    if (url.pathname.startsWith('/_sandbox/') && deps.control) {
      send(response, await serveControl(request, url, deps));
      return;
    }
    const chosen = route(request, url, deps.state);
    let outcome: { reply: Reply; drop: boolean };
    try {
      outcome = await serve(request, chosen, deps);
    } catch (error) {
      if (deps.closing.aborted) {
        request.socket.destroy();
        return;
      }
      const reply = error instanceof BodyTooLargeError ? problemReply(413, 'Content Too Large', error.message) : problemReply(500, 'Internal Server Error', 'The sandbox failed.');
      outcome = { reply, drop: false };
    }
    const entry = { time: Date.now(), arrivedAt, method: request.method ?? '', path: url.pathname, class: chosen.class };
    if (outcome.drop) {
      deps.log.record({ ...entry, status: 0 });
      request.socket.destroy();
      return;
    }
    send(response, outcome.reply);
    const facts = chosen.class === 'purchase' || chosen.class === 'result' ? purchaseFacts(url.pathname, outcome.reply) : {};
    deps.log.record({ ...entry, ...facts, status: outcome.reply.status });
  };
  return (request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, problemReply(500, 'Internal Server Error', 'The sandbox failed.'));
    });
  };
}
