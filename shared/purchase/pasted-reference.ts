import { purchaseLinkPrefix } from './deep-link.ts';

// What comes along when an ID is copied out of a message: quotes, brackets, a sentence's full stop.
const wrapping = /^[\s'"`\u2018\u2019\u201c\u201d<(]+|[\s'"`\u2018\u2019\u201c\u201d>).,;:]+$/gu;
// …/purchases/{id} on an http(s) origin (no URL class here: shared code runs without DOM or Node).
const resultUrl = /^https?:\/\/[^/\s?#]+\/(?:[^\s?#]*\/)?purchases\/[^/\s?#]+\/?$/i;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The purchase a pasted text names, or undefined when it is anything else: a purchase ID as the
 * service gives them (a UUID), a result URL (…/purchases/{id}) or a titledesk://purchase/ link.
 * Narrow on purpose: a paste outside the app's text fields goes to Look up, and a bare argument of
 * the CLI to `check`, only when it can be nothing else.
 */
export function pastedPurchaseReference(text: string): string | undefined {
  const cleaned = text.trim().replace(wrapping, '');
  if (cleaned === '' || /\s/.test(cleaned)) return undefined;
  if (uuid.test(cleaned)) return cleaned;
  if (cleaned.startsWith(purchaseLinkPrefix)) {
    try {
      return pastedPurchaseReference(decodeURIComponent(cleaned.slice(purchaseLinkPrefix.length)));
    } catch {
      return undefined;
    }
  }
  return resultUrl.test(cleaned) ? cleaned : undefined;
}
