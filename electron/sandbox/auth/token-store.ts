import { randomBytes } from 'node:crypto';

/** Who a token speaks for: `developer:<account>` or `machine:<client id>`. */
export type Principal = string;

interface IssuedToken {
  readonly principal: Principal;
  readonly expiresAt: number;
}

/** Opaque random access tokens that really expire: expiry is checked on every use. */
export class TokenStore {
  readonly ttlSeconds: number;
  readonly #tokens = new Map<string, IssuedToken>();

  constructor(ttlSeconds: number) {
    this.ttlSeconds = ttlSeconds;
  }

  issue(principal: Principal, now = Date.now()): string {
    if (this.#tokens.size > 10_000) this.#sweep(now);
    const token = randomBytes(32).toString('base64url');
    this.#tokens.set(token, { principal, expiresAt: now + this.ttlSeconds * 1000 });
    return token;
  }

  /** The principal of a live token; undefined when unknown or expired. */
  verify(token: string, now = Date.now()): Principal | undefined {
    const issued = this.#tokens.get(token);
    if (issued === undefined) return undefined;
    if (issued.expiresAt <= now) {
      this.#tokens.delete(token);
      return undefined;
    }
    return issued.principal;
  }

  #sweep(now: number): void {
    for (const [token, issued] of this.#tokens) if (issued.expiresAt <= now) this.#tokens.delete(token);
  }
}
