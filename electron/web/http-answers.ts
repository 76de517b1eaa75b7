import type { IncomingMessage, ServerResponse } from 'node:http';

/** Whether the request announced a body (chunked or a non-zero length), read or not. */
export function hasBody(request: IncomingMessage): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

export function sendJson(response: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...extraHeaders,
  });
  response.end(text);
}

/** How long a refused connection stays open, unread, for its answer to be read before it is closed. */
const lingerMs = 1_000;

/**
 * Answers a refused request. If it came with a body not read to its end, the connection is closed
 * a second after the answer is out, the rest of the body (100 MB, say) never read: closing at once
 * with bytes still arriving resets the connection, and a reset can reach the client before it has
 * read the refusal.
 */
export function refuse(request: IncomingMessage, response: ServerResponse, status: number, body: unknown): void {
  if (!hasBody(request) || request.readableEnded) {
    sendJson(response, status, body);
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    Connection: 'close',
  });
  // The whole answer goes out now; ending the response (which closes the socket) waits.
  response.write(text);
  const timer = setTimeout(() => response.end(), lingerMs);
  response.once('close', () => { clearTimeout(timer); });
}
