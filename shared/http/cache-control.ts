/**
 * Cache-Control (RFC 9111 §5.2): a comma-separated list of directives, each a token with an
 * optional `=token` or `=quoted-string` argument. Directive names are case-insensitive. For the
 * 202 of a purchase result the wait before the next GET is max-age less Age.
 */

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
const tokenChar = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;

function parseDeltaSeconds(text: string | undefined): number | undefined {
  if (text === undefined || !/^[0-9]+$/.test(text)) return undefined;
  return Math.min(Number(text), deltaSecondsCeiling);
}

/** A small scanner over the header value; `pos` only moves forward. */
class Scanner {
  readonly text: string;
  pos = 0;

  constructor(text: string) {
    this.text = text;
  }

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): string {
    return this.text.charAt(this.pos);
  }

  skipWhitespace(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos += 1;
  }

  readToken(): string {
    const start = this.pos;
    while (!this.atEnd() && tokenChar.test(this.peek())) this.pos += 1;
    return this.text.slice(start, this.pos);
  }

  /** Reads a quoted-string after its opening quote; undefined when it never closes. */
  readQuoted(): string | undefined {
    let value = '';
    this.pos += 1;
    while (!this.atEnd()) {
      const char = this.peek();
      this.pos += 1;
      if (char === '"') return value;
      if (char === '\\') {
        if (this.atEnd()) return undefined;
        value += this.peek();
        this.pos += 1;
      } else {
        value += char;
      }
    }
    return undefined;
  }

  /** Skips to just after the next comma outside quotes: how a malformed directive is dropped. */
  skipPastComma(): void {
    while (!this.atEnd()) {
      const char = this.peek();
      if (char === '"') {
        this.readQuoted();
      } else {
        this.pos += 1;
        if (char === ',') return;
      }
    }
  }
}

function readArgument(scanner: Scanner): { ok: boolean; value: string | undefined } {
  scanner.skipWhitespace();
  if (scanner.peek() !== '=') return { ok: true, value: undefined };
  scanner.pos += 1;
  scanner.skipWhitespace();
  if (scanner.peek() === '"') {
    const quoted = scanner.readQuoted();
    return { ok: quoted !== undefined, value: quoted };
  }
  const token = scanner.readToken();
  return { ok: token.length > 0, value: token };
}

/** Parses the directives; a malformed directive is skipped without spoiling the others. */
export function parseDirectives(value: string): Map<string, string | undefined> {
  const directives = new Map<string, string | undefined>();
  const scanner = new Scanner(value);
  while (!scanner.atEnd()) {
    scanner.skipWhitespace();
    const name = scanner.readToken().toLowerCase();
    const argument = readArgument(scanner);
    scanner.skipWhitespace();
    const wellFormed = name.length > 0 && argument.ok && (scanner.atEnd() || scanner.peek() === ',');
    if (wellFormed && !directives.has(name)) directives.set(name, argument.value);
    scanner.skipPastComma();
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
