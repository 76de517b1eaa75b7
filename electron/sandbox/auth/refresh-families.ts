import { randomBytes } from 'node:crypto';

interface Family {
  /** The one refresh token of the family that may be presented now. */
  current: string;
  revoked: boolean;
}

export type RefreshOutcome =
  | { readonly ok: true; readonly next: string | undefined }
  | { readonly ok: false; readonly reason: 'unknown' | 'reused' | 'revoked' };

/**
 * Developer refresh tokens, rotated as RFC 9700 §4.14.2 recommends when rotation is on: each use
 * answers with a new token of the same family and voids the one presented; presenting a voided
 * one again is taken as theft and revokes the whole family, the current token included. The
 * account's configured token starts the first family; turning rotation on again starts afresh.
 */
export class RefreshFamilies {
  readonly #initial: string;
  #families: Family[] = [];
  /** Every token ever handed out or configured, to the family it belongs to. */
  #byToken = new Map<string, Family>();

  constructor(initial: string) {
    this.#initial = initial;
    this.reset();
  }

  /** Forgets every rotation: the configured token is the current one again. */
  reset(): void {
    const family: Family = { current: this.#initial, revoked: false };
    this.#families = [family];
    this.#byToken = new Map([[this.#initial, family]]);
  }

  /** Whether a family has been revoked (for the control API and tests). */
  revokedFamilies(): number {
    return this.#families.filter((family) => family.revoked).length;
  }

  /** Presents a refresh token. With `rotate`, a good one is voided and its successor returned. */
  present(token: string, rotate: boolean): RefreshOutcome {
    const family = this.#byToken.get(token);
    if (family === undefined) return { ok: false, reason: 'unknown' };
    if (family.revoked) return { ok: false, reason: 'revoked' };
    if (family.current !== token) {
      family.revoked = true;
      return { ok: false, reason: 'reused' };
    }
    if (!rotate) return { ok: true, next: undefined };
    const next = `sbx-rt-${randomBytes(24).toString('base64url')}`;
    family.current = next;
    this.#byToken.set(next, family);
    return { ok: true, next };
  }
}
