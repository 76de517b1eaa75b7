import { describe, expect, it } from 'vitest';
import { pastedPurchaseReference } from '../../../../shared/purchase/pasted-reference.ts';

const id = '2ae93f76-5c1d-4b8e-9f3a-6d2e8c1b7a90';

describe('what a paste outside a text field looks up', () => {
  it('takes a purchase ID, with what copying it from a sentence brings along', () => {
    for (const text of [id, ` ${id}\n`, `"${id}".`, `(${id})`, `\u201c${id}\u201d,`, id.toUpperCase()]) {
      expect(pastedPurchaseReference(text), text).toBe(text.trim().replace(/^["(\u201c]|["\u201d).,]+$/gu, ''));
    }
  });

  it('takes a result URL and a titledesk:// link, whole', () => {
    expect(pastedPurchaseReference(`https://api.example.com/v1/purchases/${id}`)).toBe(`https://api.example.com/v1/purchases/${id}`);
    expect(pastedPurchaseReference(`titledesk://purchase/${encodeURIComponent(id)}`)).toBe(id);
  });

  it('leaves everything else alone: titles, postcodes, words, other URLs, a short ID', () => {
    for (const text of ['DN147408', 'LS23 6TR', 'hello', `see ${id}`, 'https://example.com/titles/DN147408', id.slice(0, -1), 'ftp://x/purchases/1', '']) {
      expect(pastedPurchaseReference(text), text).toBeUndefined();
    }
  });
});
