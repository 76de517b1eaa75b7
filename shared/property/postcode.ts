/** A whole UK postcode as typed ("LS23 6TR", "ls236tr"): what the service's postcode search takes. */
const wholePostcode = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;

export function isWholePostcode(text: string): boolean {
  return wholePostcode.test(text.trim());
}

/** "ls236tr" → "LS23 6TR": upper case, one space before the inward code. */
export function normalizePostcode(text: string): string {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** Said wherever search works without the address provider: what it can and cannot do. */
export const postcodeOnlyNote = 'Searching by postcode through the service: searching by street or house needs the address provider key (Settings → Credentials).';

export const freeTextNeedsProviderKey =
  'Searching by street or house needs the address provider key (Settings → Credentials). Without it, search by a whole postcode (e.g. LS23 6TR) or a title number.';
