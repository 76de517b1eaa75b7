/**
 * Query matching and Loqate highlight ranges. Matching works on words so that a query token lights
 * up whole-word prefixes ("mill la" → "Mill Lane"), never the middle of an unrelated word.
 */
export interface Word {
  /** Offset of the word in the string it came from. */
  readonly start: number;
  /** The word in lower case. */
  readonly text: string;
}

/** What a Find entry exposes to matching: the words of its Text and of its searchable Description. */
export interface Searchable {
  readonly textWords: readonly Word[];
  readonly descriptionWords: readonly Word[];
}

export function wordsOf(value: string): Word[] {
  return [...value.matchAll(/[A-Za-z0-9]+/g)].map((match) => ({ start: match.index, text: match[0].toLowerCase() }));
}

export function tokenize(query: string): string[] {
  return query.toLowerCase().split(/[^a-z0-9]+/).filter((token) => token !== '');
}

function tokenMatches(token: string, isLast: boolean, word: string): boolean {
  // Only the last token is still being typed. An earlier number is a finished house number, so
  // "1 Mill" must not also find 12, 13 and 100 Mill Lane.
  if (!isLast && /^\d+$/.test(token)) return word === token;
  return word.startsWith(token);
}

function anyWordMatches(token: string, isLast: boolean, words: readonly Word[]): boolean {
  return words.some((word) => tokenMatches(token, isLast, word.text));
}

export function matchesAllTokens(tokens: readonly string[], item: Searchable): boolean {
  return (
    tokens.length > 0 &&
    tokens.every((token, index) => {
      const isLast = index === tokens.length - 1;
      return anyWordMatches(token, isLast, item.textWords) || anyWordMatches(token, isLast, item.descriptionWords);
    })
  );
}

function wordRanges(tokens: readonly string[], words: readonly Word[]): string {
  const ranges: string[] = [];
  for (const word of words) {
    let length = 0;
    tokens.forEach((token, index) => {
      if (tokenMatches(token, index === tokens.length - 1, word.text)) length = Math.max(length, token.length);
    });
    if (length > 0) ranges.push(`${word.start}-${word.start + length}`);
  }
  return ranges.join(',');
}

/** Loqate's Highlight: `start-end` ranges (end exclusive) in Text, then `;`, then those in Description. */
export function highlightTokens(tokens: readonly string[], item: Searchable): string {
  return `${wordRanges(tokens, item.textWords)};${wordRanges(tokens, item.descriptionWords)}`;
}

// An outward code, optionally followed by the start of an inward code: "LS2", "LS23 6", "ls236t".
const postcodeQueryPattern = /^[a-z]{1,2}\d[a-z\d]?\s*(?:\d[a-z]{0,2})?$/i;

/** The query as a compact upper-case postcode prefix, when it looks like the start of a postcode. */
export function postcodePrefix(query: string): string | undefined {
  const trimmed = query.trim();
  return postcodeQueryPattern.test(trimmed) ? trimmed.replace(/\s+/g, '').toUpperCase() : undefined;
}

export function compactPostcode(postcode: string): string {
  return postcode.replace(/\s+/g, '');
}

/** Highlights the first `length` non-space characters of a postcode: "LS23 6T" on "LS23 6TR" → "0-4,5-7;". */
export function highlightPostcode(postcode: string, length: number): string {
  const ranges: string[] = [];
  let seen = 0;
  let start = -1;
  for (let index = 0; index <= postcode.length; index++) {
    const lit = index < postcode.length && postcode.charAt(index) !== ' ' && seen < length;
    if (index < postcode.length && postcode.charAt(index) !== ' ') seen++;
    if (lit && start < 0) start = index;
    if (!lit && start >= 0) {
      ranges.push(`${start}-${index}`);
      start = -1;
    }
  }
  return `${ranges.join(',')};`;
}
