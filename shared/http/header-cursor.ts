/**
 * A cursor over one header value, for the list-of-elements headers of RFC 9110 §5.6 (Prefer,
 * Preference-Applied, Cache-Control): tokens, quoted-strings and whitespace. Every read returns
 * undefined instead of throwing, and the position only moves forward.
 */
const tokenChar = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;

export class HeaderCursor {
  readonly text: string;
  at = 0;

  constructor(text: string) {
    this.text = text;
  }

  // A method, not a getter: the cursor moves, and a getter's value would be narrowed as constant.
  atEnd(): boolean {
    return this.at >= this.text.length;
  }

  peek(): string {
    return this.text.charAt(this.at);
  }

  skipWhitespace(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.at += 1;
  }

  /** A token (RFC 9110 §5.6.2), or undefined when none starts here. */
  readToken(): string | undefined {
    const start = this.at;
    while (!this.atEnd() && tokenChar.test(this.peek())) this.at += 1;
    return this.at > start ? this.text.slice(start, this.at) : undefined;
  }

  /** A quoted-string, unescaped; undefined when none starts here or it never closes. */
  readQuoted(): string | undefined {
    if (this.peek() !== '"') return undefined;
    this.at += 1;
    let out = '';
    while (!this.atEnd()) {
      const char = this.peek();
      this.at += 1;
      if (char === '"') return out;
      if (char === '\\') {
        if (this.atEnd()) return undefined;
        out += this.peek();
        this.at += 1;
      } else {
        out += char;
      }
    }
    return undefined;
  }

  /** After a malformed element, stop at the next comma that is not inside a quoted string. */
  skipElement(): void {
    let quoted = false;
    while (!this.atEnd()) {
      const char = this.peek();
      if (!quoted && char === ',') return;
      if (char === '"') quoted = !quoted;
      if (quoted && char === '\\') this.at += 1;
      this.at += 1;
    }
  }
}
