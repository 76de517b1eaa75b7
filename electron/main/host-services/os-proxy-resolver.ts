import type { Session } from 'electron';
import type { ProxyResolver } from '../../core/http/proxy-routes.ts';

/**
 * Proxies as Chromium resolves them for the app's session: the OS settings, a PAC file, WPAD
 * discovery, exactly what a browser on the same machine uses. core caches the answer per origin.
 */
export function osProxyResolver(session: Pick<Session, 'resolveProxy'>): ProxyResolver {
  return { resolveProxy: (url) => session.resolveProxy(url) };
}
