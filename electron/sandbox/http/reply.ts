import type { IncomingMessage } from 'node:http';

/** A response as data: handlers return one, and the server decides whether to send or drop it. */
export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export const jsonLd = 'application/ld+json';

export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}, type = 'application/json'): Reply {
  return { status, headers: { 'Content-Type': `${type}; charset=utf-8`, ...headers }, body: JSON.stringify(body) };
}

export function emptyReply(status: number, headers: Record<string, string> = {}): Reply {
  return { status, headers, body: '' };
}

/** RFC 9457 problem details: the seed leaves the service's error bodies unspecified. */
export function problemReply(status: number, title: string, detail: string, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { type: 'about:blank', title, status, detail }, headers, 'application/problem+json');
}

export function notFound(detail = 'No such resource.'): Reply {
  return problemReply(404, 'Not Found', detail);
}

export function methodNotAllowed(allowed: readonly string[]): Reply {
  return problemReply(405, 'Method Not Allowed', `Use ${allowed.join(' or ')}.`, { Allow: allowed.join(', ') });
}

/** The value of a header that must appear once; repeated or absent gives undefined. */
export function singleHeader(request: IncomingMessage, name: string): string | undefined {
  const values = request.headersDistinct[name.toLowerCase()];
  return values?.length === 1 ? values[0] : undefined;
}

/** Media type of a Content-Type value, lower-cased and without parameters. */
export function mediaType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const match = /^\s*([!#$%&'*+\-.^_`|~0-9A-Za-z]+\/[!#$%&'*+\-.^_`|~0-9A-Za-z]+)\s*(?:;.*)?$/s.exec(contentType);
  return match?.[1]?.toLowerCase();
}

export class BodyTooLargeError extends Error {}

/** Reads the whole request body, refusing anything larger than the limit. */
export async function readBody(request: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limitBytes) throw new BodyTooLargeError(`Request body over ${limitBytes} bytes.`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
