/**
 * `{base_url}{path}` as the interface writes it. A base may carry a path of its own
 * (https://host/api), so this appends rather than resolving, which would drop that path.
 */
export function serviceUrl(baseUrl: URL | string, path: string): URL {
  const base = (typeof baseUrl === 'string' ? baseUrl : baseUrl.href).replace(/\/+$/, '');
  return new URL(`${base}${path.startsWith('/') ? path : `/${path}`}`);
}
