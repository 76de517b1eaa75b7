/**
 * Cache-Control (RFC 9111 §5.2): a comma-separated list of directives, each a token with an
 * optional `=token` or `=quoted-string` argument. Directive names are case-insensitive. For the
 * 202 of a purchase result the wait before the next GET is max-age less Age.
 */
import { HeaderCursor } from './header-cursor.ts';

export interface CacheControl {
  /** Seconds; the first max-age directive wins (RFC 9111 §4.2.1 allows using the first occurrence). */
  readonly maxAge: number | undefined;
  readonly mustRevalidate: boolean;
  readonly private: boolean;
  readonly noCache: boolean;
  readonly noStore: boolean;
  /** Every directive by lower-cased name (first occurrence), argument unquoted; undefined when it had none. */
  readonly directives: ReadonlyMap<string, string | undefined>;
}

// RFC 9111 §1.2.2: a delta-seconds too large to represent is taken as 2^31.
const deltaSecondsCeiling = 2 ** 31;

function parseDeltaSeconds(text: string | undefined): number | undefined {
  if (text === undefined || !/^[0-9]+$/.test(text)) return undefined;
  return Math.min(Number(text), deltaSecondsCeiling);
}

function readArgument(cursor: HeaderCursor): { ok: boolean; value: string | undefined } {
  cursor.skipWhitespace();
  if (cursor.peek() !== '=') return { ok: true, value: undefined };
  cursor.at += 1;
  cursor.skipWhitespace();
  const value = cursor.peek() === '"' ? cursor.readQuoted() : cursor.readToken();
  return { ok: value !== undefined, value };
}

/** Parses the directives; a malformed directive is skipped without spoiling the others. */
export function parseDirectives(value: string): Map<string, string | undefined> {
  const directives = new Map<string, string | undefined>();
  const cursor = new HeaderCursor(value);
  while (!cursor.atEnd()) {
    cursor.skipWhitespace();
    const name = cursor.readToken()?.toLowerCase();
    const argument = readArgument(cursor);
    cursor.skipWhitespace();
    const wellFormed = name !== undefined && argument.ok && (cursor.atEnd() || cursor.peek() === ',');
    if (wellFormed && !directives.has(name)) directives.set(name, argument.value);
    // A malformed directive is dropped up to the next comma outside quotes.
    cursor.skipElement();
    if (cursor.peek() === ',') cursor.at += 1;
  }
  return directives;
}

export function parseCacheControl(value: string | null | undefined): CacheControl {
  const directives = parseDirectives(value ?? '');
  return {
    maxAge: parseDeltaSeconds(directives.get('max-age')),
    mustRevalidate: directives.has('must-revalidate'),
    private: directives.has('private'),
    noCache: directives.has('no-cache'),
    noStore: directives.has('no-store'),
    directives,
  };
}

/**
 * Seconds until the response goes stale: max-age less the Age header (RFC 9111 §4.2.3), never
 * negative. Undefined when there is no usable max-age. An invalid Age is ignored (taken as 0),
 * because it only ever shortens the wait.
 */
export function freshnessSeconds(cacheControl: string | null | undefined, age: string | null | undefined): number | undefined {
  const { maxAge } = parseCacheControl(cacheControl);
  if (maxAge === undefined) return undefined;
  const ageSeconds = parseDeltaSeconds(age?.trim()) ?? 0;
  return Math.max(0, maxAge - ageSeconds);
}
