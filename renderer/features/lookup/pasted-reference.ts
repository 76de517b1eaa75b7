import { purchaseLinkPrefix } from '../../../shared/deep-link.ts';

// What comes along when an ID is copied out of a message: quotes, brackets, a sentence's full stop.
const wrapping = /^[\s'"`\u2018\u2019\u201c\u201d<(]+|[\s'"`\u2018\u2019\u201c\u201d>).,;:]+$/gu;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The purchase a pasted text names, or undefined when it is anything else: a purchase ID as the
 * service gives them (a UUID), a result URL (…/purchases/{id}) or a titledesk://purchase/ link.
 * Narrow on purpose: a paste outside a text field goes to Look up only when it can be nothing else.
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
  try {
    const url = new URL(cleaned);
    const parts = url.pathname.split('/').filter((part) => part !== '');
    const isResult = (url.protocol === 'https:' || url.protocol === 'http:') && parts.length >= 2 && parts.at(-2) === 'purchases';
    return isResult ? cleaned : undefined;
  } catch {
    return undefined;
  }
}
