import type { RequestChannel } from '../../shared/contract/channels.ts';

export const launchKeyHeader = 'x-titledesk-key';

/** Where and how the page reaches the browser-mode host. Imports nothing heavy: it is used before the bundle is set up. */
export interface HostAddress {
  readonly fetch: typeof fetch;
  /** The host's origin, '' for the page's own. */
  readonly origin: string;
  readonly launchKey: string;
}

/** One request on a channel: POST /api/invoke/<channel> with the launch key; its answer unread. */
export function postInvoke(host: HostAddress, channel: RequestChannel, request: unknown): Promise<Response> {
  return host.fetch(`${host.origin}/api/invoke/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: { [launchKeyHeader]: host.launchKey, 'content-type': 'application/json' },
    body: request === undefined ? '' : JSON.stringify(request),
  });
}
