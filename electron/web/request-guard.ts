import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header that carries the per-launch secret from the page to the host. */
export const launchKeyHeader = 'x-titledesk-key';

/**
 * The browser-mode host listens on loopback only, yet any web page the user visits could reach
 * it. Three checks keep it ours: the Host header must name the loopback address we bound (DNS
 * rebinding), a cross-site Origin is refused (no CORS), and API calls must carry the secret that
 * only the URL we opened knows.
 */
export function isAllowedHost(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

export function isAllowedOrigin(request: IncomingMessage, port: number): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

export function hasLaunchKey(request: IncomingMessage, launchKey: string): boolean {
  const presented = request.headers[launchKeyHeader];
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(launchKey);
  const actual = Buffer.from(presented);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
