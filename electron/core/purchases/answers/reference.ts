import { serviceUrl } from '../../api/urls.ts';
import { CoreError } from '../../errors.ts';

/**
 * Result resource addresses. A Location may be absolute or relative (resolved against the
 * request URL, RFC 9110 §10.2.2). The Bearer token goes with every GET, so a result URL must be
 * on the environment's own origin: anything else would hand the token to another server.
 */
export interface ResultRef {
  readonly resultUrl: URL;
  readonly purchaseId: string;
}

const purchaseIdPattern = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;

/** The last non-empty path segment: /purchases/{id} gives {id}. */
export function purchaseIdOf(url: URL): string | undefined {
  const segment = url.pathname.split('/').filter((part) => part.length > 0).at(-1);
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function sameOrigin(url: URL, baseUrl: URL): boolean {
  return url.origin === baseUrl.origin;
}

/** Resolves a Location header; undefined when it is missing, unparseable, elsewhere, or names no purchase. */
export function resolveLocation(location: string | null, requestUrl: URL, baseUrl: URL): ResultRef | undefined {
  if (location === null || location.trim() === '') return undefined;
  let resultUrl: URL;
  try {
    resultUrl = new URL(location.trim(), requestUrl);
  } catch {
    return undefined;
  }
  if (!sameOrigin(resultUrl, baseUrl)) return undefined;
  const purchaseId = purchaseIdOf(resultUrl);
  return purchaseId === undefined ? undefined : { resultUrl, purchaseId };
}

/** What support staff paste: a purchase id, a /purchases/{id} path, or the full result URL. */
export function resolveCheckReference(reference: string, baseUrl: URL): ResultRef {
  const text = reference.trim();
  if (/^https?:\/\//i.test(text) || text.startsWith('/')) {
    const ref = resolveLocation(/^https?:/i.test(text) ? text : serviceUrl(baseUrl, text).href, baseUrl, baseUrl);
    if (ref !== undefined) return ref;
    throw new CoreError('validation', `Not a result address of this environment (${baseUrl.origin}).`);
  }
  if (!purchaseIdPattern.test(text)) throw new CoreError('validation', 'Not a purchase id or result URL.');
  return { resultUrl: serviceUrl(baseUrl, `/purchases/${encodeURIComponent(text)}`), purchaseId: text };
}
