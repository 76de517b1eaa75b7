import type { IncomingMessage } from 'node:http';

const mebibyte = 1024 * 1024;
/** Every request fits in 1 MiB but a batch's file, which travels in one request (batch:preview allows 16 million characters). */
export function bodyLimitFor(channel: string): number {
  return channel.startsWith('batch:') ? 48 * mebibyte : mebibyte;
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: number; message: string };
type Refusal = Extract<JsonBody, { ok: false }>;

/**
 * What can be refused from the headers alone, before a byte of the body is read: the type, and
 * a declared length over the limit.
 */
export function refuseJsonHeaders(request: IncomingMessage, maxBodyBytes: number): Refusal | undefined {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    return { ok: false, status: 415, message: 'Requests must be application/json.' };
  }
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBodyBytes) {
    return { ok: false, status: 413, message: `The request is larger than ${String(maxBodyBytes / mebibyte)} MiB.` };
  }
  return undefined;
}

/**
 * Reads a bounded JSON request body; the contract router validates its shape afterwards. Reading
 * stops at the limit: the caller answers and closes the connection instead of draining the rest.
 */
export async function readJsonBody(request: IncomingMessage, maxBodyBytes: number): Promise<JsonBody> {
  const refused = refuseJsonHeaders(request, maxBodyBytes);
  if (refused !== undefined) return refused;
  const body = await readBounded(request, maxBodyBytes);
  if (body === 'too large') return { ok: false, status: 413, message: `The request is larger than ${String(maxBodyBytes / mebibyte)} MiB.` };
  if (body === 'cut short') return { ok: false, status: 400, message: 'The request body ended early.' };
  const text = body.toString('utf8');
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON.' };
  }
}

/**
 * The body up to `max` bytes. Over it, reading pauses without destroying the request (as leaving
 * a `for await` would), so the socket stays whole to carry the 413 before it is closed.
 */
function readBounded(request: IncomingMessage, max: number): Promise<Buffer | 'too large' | 'cut short'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (result: Buffer | 'too large' | 'cut short'): void => {
      request.off('data', onData).off('end', onEnd).off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer | string): void => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buffer.length;
      if (size > max) {
        request.pause();
        settle('too large');
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = (): void => { settle(Buffer.concat(chunks)); };
    const onClose = (): void => { settle('cut short'); };
    request.on('data', onData).on('end', onEnd).on('close', onClose);
  });
}
