import { request as httpRequest } from 'node:http';
import { z } from 'zod';
import type { TitleDeskWeb } from './titledesk-web.ts';

export interface RawResponse {
  readonly status: number;
  readonly body: string;
}

/** A request to the host with exactly the headers given (fetch would not let a test set Host). */
export function rawRequest(host: TitleDeskWeb, path: string, options: { method?: string; headers?: Record<string, string>; body?: string }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: host.port, path, method: options.method ?? 'GET', headers: options.headers ?? {} }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { body += chunk; });
      response.on('end', () => { resolve({ status: response.statusCode ?? 0, body }); });
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Calls a contract channel the way the page does, from the test side. */
export async function invoke(host: TitleDeskWeb, channel: string, payload?: unknown): Promise<unknown> {
  const response = await rawRequest(host, `/api/invoke/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-titledesk-key': host.launchKey, host: `127.0.0.1:${host.port}` },
    body: payload === undefined ? '' : JSON.stringify(payload),
  });
  const parsed = z.object({ ok: z.literal(true), data: z.unknown() }).safeParse(JSON.parse(response.body));
  if (!parsed.success) throw new Error(`${channel} failed: ${response.body}`);
  return parsed.data.data;
}

const sandboxEnvironmentSchema = z.object({
  environments: z.array(z.object({ id: z.string(), baseUrl: z.string(), developerClientId: z.string().optional(), builtIn: z.boolean().optional() })),
});

/** The built-in sandbox's base URL and developer client id, as the contract reports them. */
export async function sandboxEnvironment(host: TitleDeskWeb): Promise<{ baseUrl: string; developerClientId: string }> {
  const { environments } = sandboxEnvironmentSchema.parse(await invoke(host, 'environment:list'));
  const sandbox = environments.find((environment) => environment.builtIn === true);
  if (sandbox?.developerClientId === undefined) throw new Error('No built-in sandbox with a developer client id');
  return { baseUrl: sandbox.baseUrl, developerClientId: sandbox.developerClientId };
}

/**
 * Listens to the host's event stream from the test side and keeps all it receives, so a test
 * can check what the host pushed (a page's own stream never finishes, so its body cannot be read).
 */
export function recordEventStream(host: TitleDeskWeb): { text: () => string; close: () => void } {
  let text = '';
  const request = httpRequest({
    host: '127.0.0.1',
    port: host.port,
    path: '/api/events',
    headers: { 'x-titledesk-key': host.launchKey, host: `127.0.0.1:${host.port}`, accept: 'text/event-stream' },
  }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => { text += chunk; });
  });
  request.on('error', () => undefined);
  request.end();
  return { text: () => text, close: () => { request.destroy(); } };
}
