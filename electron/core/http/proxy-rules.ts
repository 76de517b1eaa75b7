import { CoreError } from '../errors.ts';

/** Where a request to one origin goes: straight to it, or through a proxy given as a URL. */
export type ProxyRoute = { readonly kind: 'direct' } | { readonly kind: 'proxy'; readonly uri: string };

export const direct: ProxyRoute = { kind: 'direct' };

/** PAC result keywords (what Electron's session.resolveProxy returns) and the URL scheme undici takes. */
const schemes: Readonly<Record<string, string>> = { PROXY: 'http', HTTP: 'http', HTTPS: 'https', SOCKS: 'socks5', SOCKS5: 'socks5' };

/**
 * The route a PAC-style answer names, e.g. "PROXY proxy.corp:8080; DIRECT". The first entry
 * undici can use wins (SOCKS4 and QUIC cannot be, so they are passed over); an empty or
 * unusable answer means direct, as in a browser.
 */
export function routeFromPac(answer: string): ProxyRoute {
  for (const entry of answer.split(';')) {
    const [keyword = '', hostPort, ...rest] = entry.trim().split(/\s+/);
    const upper = keyword.toUpperCase();
    if (upper === 'DIRECT') return direct;
    const scheme = schemes[upper];
    if (scheme === undefined || hostPort === undefined || rest.length > 0) continue;
    try {
      const url = new URL(`${scheme}://${hostPort}`);
      if (url.hostname === '' || url.pathname !== '' && url.pathname !== '/') continue;
      return { kind: 'proxy', uri: `${url.protocol}//${url.host}` };
    } catch {
      continue;
    }
  }
  return direct;
}

/**
 * Loopback never goes through a proxy, as in browsers: the built-in sandbox lives there, and a
 * proxy could not reach this machine's loopback anyway.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** NO_PROXY as the user set it, plus the loopback names (undici's environment agent matches names, not address ranges). */
export function noProxyWithLoopback(env: Readonly<Record<string, string | undefined>>): string {
  const user = env['no_proxy'] ?? env['NO_PROXY'] ?? '';
  return [user, 'localhost', '127.0.0.1', '::1'].filter((entry) => entry.trim() !== '').join(',');
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * A proxy variable as curl and most tools read it: the lower-case name first, an empty value is
 * unset, and a value without a scheme (proxy.corp:8080) is an http proxy. A value that is still
 * not a URL is refused by name; the value itself is never repeated, as it may hold a password.
 */
function proxyVariable(env: Env, name: string): string | undefined {
  const value = (env[name.toLowerCase()] ?? env[name])?.trim();
  if (value === undefined || value === '') return undefined;
  const withScheme = value.includes('://') ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    url = new URL('invalid:');
  }
  if (!['http:', 'https:', 'socks5:'].includes(url.protocol) || url.hostname === '') {
    throw new CoreError('validation', `${name} is not a proxy address; expected one like http://proxy.example:8080.`);
  }
  return withScheme;
}

/** HTTP_PROXY and HTTPS_PROXY for undici's environment agent (which would refuse a bare host:port). */
export function proxiesFromEnv(env: Env): { httpProxy?: string; httpsProxy?: string } {
  const httpProxy = proxyVariable(env, 'HTTP_PROXY');
  const httpsProxy = proxyVariable(env, 'HTTPS_PROXY');
  return { ...(httpProxy === undefined ? {} : { httpProxy }), ...(httpsProxy === undefined ? {} : { httpsProxy }) };
}
