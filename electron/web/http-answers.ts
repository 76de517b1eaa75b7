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

/**
 * Answers a refused request. If it came with a body not read to its end, the connection is closed
 * once the answer is out, so the rest (100 MB, say) is never drained, as Node would do to keep it
 * alive.
 */
export function refuse(request: IncomingMessage, response: ServerResponse, status: number, body: unknown): void {
  if (!hasBody(request) || request.readableEnded) {
    sendJson(response, status, body);
    return;
  }
  // Node detaches the socket from the request when the answer finishes: hold it from here.
  const socket = request.socket as IncomingMessage['socket'] | null;
  sendJson(response, status, body, { Connection: 'close' });
  response.once('finish', () => socket?.destroy());
}
