import { deepLinkScheme, purchaseLinkPrefix as prefix } from '../../../shared/purchase/deep-link.ts';

/**
 * Strict parsing of titledesk://purchase/<purchase-id-or-result-url> links: a link that is not
 * exactly this shape is refused with a reason and never navigates or runs anything. The
 * reference is a purchase ID (the service's, as in /purchases/{id}) or an https result URL on a
 * configured environment. Pure, so it is unit tested without Electron.
 */
const maxLinkLength = 2048;
const purchaseIdPattern = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;

export type DeepLink = { readonly ok: true; readonly reference: string } | { readonly ok: false; readonly reason: string };

/** A command-line argument that is a TitleDesk link (Windows and Linux pass links in argv). */
export function findDeepLinkArg(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.slice(0, deepLinkScheme.length + 3).toLowerCase() === `${deepLinkScheme}://`);
}

/**
 * `resultOrigins`: origins of the configured environments (https only) whose result URLs a link
 * may name; a result URL anywhere else is refused, as it would receive the environment's token.
 */
export function parsePurchaseLink(link: string, resultOrigins: readonly string[]): DeepLink {
  if (link.length > maxLinkLength) return refuse('the link is too long');
  // Windows and some browsers add a trailing slash to custom-scheme links.
  const text = link.endsWith('/') ? link.slice(0, -1) : link;
  if (text.slice(0, prefix.length).toLowerCase() !== prefix) return refuse(`it is not a ${prefix}… link`);
  const encoded = text.slice(prefix.length);
  if (encoded === '' || /[/?#\s\\]/.test(encoded)) return refuse('it must name exactly one purchase ID or result URL');
  let reference: string;
  try {
    reference = decodeURIComponent(encoded);
  } catch {
    return refuse('its encoding is invalid');
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(reference)) return refuse('it contains control characters');
  if (purchaseIdPattern.test(reference)) return { ok: true, reference };
  return parseResultUrl(reference, resultOrigins);
}

function parseResultUrl(reference: string, resultOrigins: readonly string[]): DeepLink {
  let url: URL;
  try {
    url = new URL(reference);
  } catch {
    return refuse('it names neither a purchase ID nor a result URL');
  }
  if (url.protocol !== 'https:') return refuse('a result URL in a link must be https');
  if (url.username !== '' || url.password !== '') return refuse('a result URL in a link must not carry credentials');
  if (url.search !== '' || url.hash !== '') return refuse('a result URL in a link must not carry a query or fragment');
  if (!resultOrigins.includes(url.origin)) return refuse(`${url.origin} is not one of your environments`);
  const segments = url.pathname.split('/').filter((part) => part !== '');
  const id = segments.at(-1);
  if (segments.at(-2) !== 'purchases' || id === undefined || !purchaseIdPattern.test(decodeSafely(id))) {
    return refuse('the URL is not a /purchases/{id} result address');
  }
  return { ok: true, reference: url.href };
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

function refuse(reason: string): DeepLink {
  return { ok: false, reason: `This link was not opened: ${reason}.` };
}
