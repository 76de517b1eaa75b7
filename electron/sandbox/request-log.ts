/** What the sandbox records about each request: never a header or query string, so never a secret. */
export const requestClasses = [
  'discovery',
  'token',
  'purchase',
  'result',
  'catalog',
  'address',
  'provider',
  'context',
  'other',
] as const;
export type RequestClass = (typeof requestClasses)[number];

export interface SandboxLogEntry {
  /** Milliseconds since the epoch when the response was sent (or the connection dropped). */
  readonly time: number;
  /** Milliseconds since the epoch when the request arrived (its headers were read). */
  readonly arrivedAt: number;
  readonly method: string;
  /** The path only: query strings can carry the address provider's key. */
  readonly path: string;
  /** 0 when the connection was dropped without a response. */
  readonly status: number;
  readonly class: RequestClass;
  /** The purchase a POST created (from its Location) or a result GET asked for. */
  readonly purchaseId?: string;
  /** The wait this answer advised: Retry-After of a 303, max-age of a 202. */
  readonly adviceSeconds?: number;
}

export type SandboxStats = Record<RequestClass, number>;

export class RequestLog {
  readonly #limit: number;
  #entries: SandboxLogEntry[] = [];
  readonly #counts: SandboxStats = {
    discovery: 0,
    token: 0,
    purchase: 0,
    result: 0,
    catalog: 0,
    address: 0,
    provider: 0,
    context: 0,
    other: 0,
  };

  constructor(limit: number) {
    this.#limit = Math.max(0, Math.floor(limit));
  }

  record(entry: SandboxLogEntry): void {
    this.#counts[entry.class] += 1;
    if (this.#limit === 0) return;
    this.#entries.push(entry);
    // Trim in batches so a busy benchmark does not pay for a shift on every request.
    if (this.#entries.length > this.#limit * 2) this.#entries = this.#entries.slice(-this.#limit);
  }

  entries(): readonly SandboxLogEntry[] {
    return this.#entries.slice(-this.#limit);
  }

  stats(): SandboxStats {
    return { ...this.#counts };
  }
}
