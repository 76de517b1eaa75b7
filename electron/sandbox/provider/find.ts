import { containerInvalidError, invalidParametersError } from './errors.ts';
import { compactPostcode, highlightPostcode, highlightTokens, matchesAllTokens, postcodePrefix, tokenize } from './matching.ts';
import type { Parsed } from './params.ts';
import type { FindEntry, ProviderIndex } from './provider-index.ts';

export interface FindItem {
  readonly Id: string;
  readonly Type: string;
  readonly Text: string;
  readonly Highlight: string;
  readonly Description: string;
}

export interface FindRequest {
  readonly text: string | undefined;
  readonly container: string | undefined;
  readonly limit: number;
  /** Upper-case ISO codes, or undefined for every country. */
  readonly countries: readonly string[] | undefined;
}

function toItem(entry: FindEntry, highlight: string): FindItem {
  return { Id: entry.id, Type: entry.type, Text: entry.text, Highlight: highlight, Description: entry.description };
}

/** A partial postcode lists the postcodes it starts, each a container, in postcode order. */
function findPostcodes(index: ProviderIndex, prefix: string): FindItem[] {
  return index.postcodes
    .filter((entry) => compactPostcode(entry.text).startsWith(prefix))
    .map((entry) => toItem(entry, highlightPostcode(entry.text, prefix.length)));
}

/** 0 when the query starts where the entry's Text starts, so those lead. */
function rank(tokens: readonly string[], entry: FindEntry): number {
  const first = tokens[0];
  const word = entry.textWords[0]?.text;
  if (first === undefined || word === undefined) return 1;
  return word === first || (tokens.length === 1 && word.startsWith(first)) ? 0 : 1;
}

/**
 * Free text: every entry matching all tokens, except where a container it sits in matched too,
 * so "Mill Lane" answers with the street rather than its forty houses. Containers come first.
 */
function findByTokens(index: ProviderIndex, tokens: readonly string[]): FindItem[] {
  const matched = new Set<string>();
  const items: FindItem[] = [];
  const groups: readonly (readonly FindEntry[])[] = [index.postcodes, index.streets, index.buildings, index.addresses];
  for (const group of groups) {
    const hits: FindEntry[] = [];
    for (const entry of group) {
      if (!matchesAllTokens(tokens, entry)) continue;
      matched.add(entry.id);
      if (!entry.parents.some((parent) => matched.has(parent))) hits.push(entry);
    }
    // Stable: the world's order stays, but "1 Mill" puts 1 Mill Lane before Flat 1 elsewhere.
    hits.sort((a, b) => rank(tokens, a) - rank(tokens, b));
    items.push(...hits.map((entry) => toItem(entry, highlightTokens(tokens, entry))));
  }
  return items;
}

function servesCountries(countries: readonly string[] | undefined): boolean {
  return countries === undefined || countries.includes('GB') || countries.includes('GBR');
}

export function findItems(index: ProviderIndex, request: FindRequest): Parsed<FindItem[]> {
  const { text, container, limit } = request;
  const tokens = tokenize(text ?? '');
  if (container !== undefined) {
    const entry = index.containers.get(container);
    if (entry === undefined) return { ok: false, error: containerInvalidError };
    return { ok: true, value: entry.members.slice(0, limit).map((member) => toItem(member, highlightTokens(tokens, member))) };
  }
  if (text === undefined) {
    return { ok: false, error: invalidParametersError('The Text or Container parameters were not supplied.') };
  }
  if (!servesCountries(request.countries)) return { ok: true, value: [] };
  const prefix = postcodePrefix(text);
  const postcodes = prefix === undefined ? [] : findPostcodes(index, prefix);
  const items = postcodes.length > 0 ? postcodes : findByTokens(index, tokens);
  return { ok: true, value: items.slice(0, limit) };
}
