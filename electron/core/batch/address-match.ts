import type { AddressCandidate } from '../../../shared/property/address.ts';

/**
 * An address as its words in order, lower case, without punctuation or spacing: the app shows
 * "1 Tannery Crescent, Boston Spa, WETHERBY, LS23 6TR" where the provider's Find says
 * "1 Tannery Crescent" + "Boston Spa, Wetherby, LS23 6TR": the same address, the same words.
 */
export function addressWords(text: string): string {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '').join(' ');
}

// The label the app shows ends in the country; Find matches every word it is given, and the
// provider's candidates never name it.
const trailingCountry = /(?:,|\s)\s*(?:united kingdom|great britain|uk|gb)\s*$/i;

/** The text to give Find: the address without a trailing country name. */
export function withoutCountry(text: string): string {
  const stripped = text.replace(trailingCountry, '').trim();
  return stripped === '' ? text : stripped;
}

/** A candidate's whole label as the suggestion list shows it. */
export function candidateLabel(candidate: Pick<AddressCandidate, 'text' | 'description'>): string {
  return [candidate.text, candidate.description].filter((part) => part.trim() !== '').join(', ');
}

/**
 * The one address candidate whose whole label has exactly the words typed, or undefined. Typing
 * an address as the app shows it names one address, even when Find also lists others containing
 * those words ("Flat 1, Regent Mansions, 7 Tannery Crescent" for "1 Tannery Crescent"). Word order
 * counts: "Flat 1, 7 Mill Lane" and "Flat 7, 1 Mill Lane" are different homes.
 */
export function exactAddressMatch(candidates: readonly AddressCandidate[], typed: string): AddressCandidate | undefined {
  const wanted = addressWords(withoutCountry(typed));
  if (wanted === '') return undefined;
  const exact = candidates.filter((candidate) => !candidate.isContainer && addressWords(candidateLabel(candidate)) === wanted);
  return exact.length === 1 ? exact[0] : undefined;
}
