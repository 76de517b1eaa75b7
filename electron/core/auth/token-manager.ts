import type { Dispatcher } from 'undici';
import type { AuthState, Environment } from '../../../shared/environment.ts';
import { CoreError } from '../errors.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { RetryableAuthError } from './auth-errors.ts';
import { defaultBackoffPolicy, retryDelayMs, sleep, type BackoffPolicy } from './backoff.ts';
import { credentialSource, missingCredentialsMessage, resolveCredentials } from './credentials.ts';
import { DiscoveryCache } from './discovery.ts';
import { defaultTokenPolicy, isTokenUsable, tokenFromResponse, type CachedToken, type TokenPolicy } from './token-cache.ts';
import { requestToken, type Credentials, type TokenGrant } from './token-request.ts';

export interface TokenManagerOptions {
  readonly environment: Environment;
  readonly secrets: SecretStore;
  readonly dispatcher: Dispatcher;
  readonly policy?: TokenPolicy;
  readonly backoff?: BackoffPolicy;
  /** Clock for token expiry decisions; tests move it to play out expiry. */
  readonly now?: () => number;
  readonly timeoutMs?: number;
}

export type AuthListener = (state: AuthState) => void;

/**
 * Access tokens for one environment: cached by the rules in token-cache.ts, fetched by a single
 * flight however many requests need one at once, retried with backoff on transient failures.
 */
export class TokenManager {
  readonly environment: Environment;
  readonly #secrets: SecretStore;
  readonly #dispatcher: Dispatcher;
  readonly #discovery: DiscoveryCache;
  readonly #policy: TokenPolicy;
  readonly #backoff: BackoffPolicy;
  readonly #now: () => number;
  readonly #timeoutMs: number;
  readonly #listeners = new Set<AuthListener>();
  #token: CachedToken | undefined;
  #inflight: Promise<CachedToken> | undefined;

  constructor(options: TokenManagerOptions) {
    this.environment = options.environment;
    this.#secrets = options.secrets;
    this.#dispatcher = options.dispatcher;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#discovery = new DiscoveryCache(options.environment.baseUrl, options.dispatcher, this.#timeoutMs);
    this.#policy = options.policy ?? defaultTokenPolicy;
    this.#backoff = options.backoff ?? defaultBackoffPolicy;
    this.#now = options.now ?? Date.now;
  }

  /** A usable access token, fetching one when the cache rules require it. */
  async accessToken(): Promise<string> {
    if (isTokenUsable(this.#token, this.#now(), this.#policy)) return this.#token.accessToken;
    if (this.#inflight === undefined) {
      const pending = this.#fetch();
      this.#inflight = pending;
      // The slot is released on failure too, so the next caller starts a fresh attempt.
      const release = (): void => {
        if (this.#inflight === pending) this.#inflight = undefined;
      };
      pending.then(release, release);
    }
    return (await this.#inflight).accessToken;
  }

  /** The API refused this token (401): forget it unless a newer one has already replaced it. */
  invalidate(accessToken: string): void {
    if (this.#token?.accessToken !== accessToken) return;
    this.#token = undefined;
    this.#notify();
  }

  /** Drops the cached token, e.g. after credentials changed. */
  reset(): void {
    this.#token = undefined;
    this.#notify();
  }

  async state(): Promise<AuthState> {
    const present = (await resolveCredentials(this.environment, this.#secrets)) !== undefined;
    const token = this.#token;
    return {
      environmentId: this.environment.id,
      mode: this.environment.authMode,
      signedIn: token !== undefined && this.#now() < token.expiresAt,
      expiresAt: token?.expiresAt ?? null,
      credentials: credentialSource(this.#secrets.persistence, present),
    };
  }

  onChange(listener: AuthListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async #fetch(): Promise<CachedToken> {
    const credentials = await resolveCredentials(this.environment, this.#secrets);
    if (credentials === undefined) {
      throw new CoreError('credentials_missing', missingCredentialsMessage(this.environment));
    }
    let grant: TokenGrant;
    try {
      grant = await this.#requestWithRetries(credentials);
    } catch (error) {
      if (error instanceof CoreError && error.code === 'invalid_grant') await this.#forgetRefreshToken();
      throw error;
    }
    // RFC 6749 §6: a rotated refresh token is stored before the new access token is used,
    // since the old one may already be void.
    if (grant.refreshToken !== undefined && credentials.mode === 'developer') {
      await this.#secrets.set(this.environment.id, 'refreshToken', grant.refreshToken);
    }
    const token = tokenFromResponse(grant.accessToken, grant.expiresInSeconds, grant.receivedAt);
    this.#token = token;
    this.#notify();
    return token;
  }

  async #requestWithRetries(credentials: Credentials): Promise<TokenGrant> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const endpoint = await this.#discovery.tokenEndpoint();
        return await requestToken(this.#dispatcher, endpoint, credentials, this.#timeoutMs);
      } catch (error) {
        if (!(error instanceof RetryableAuthError)) throw error;
        const waitMs = retryDelayMs(attempt, this.#backoff, error.retryAfterMs);
        if (attempt >= this.#backoff.maxAttempts || waitMs === undefined) {
          const asked = waitMs === undefined ? ` (it asked to wait ${String(Math.ceil((error.retryAfterMs ?? 0) / 1000))} s)` : '';
          throw new CoreError('auth_unavailable', `Could not get an access token for ${this.environment.name}: ${error.message}${asked}`);
        }
        await sleep(waitMs);
      }
    }
  }

  async #forgetRefreshToken(): Promise<void> {
    this.#token = undefined;
    await this.#secrets.delete(this.environment.id, 'refreshToken');
    this.#notify();
  }

  #notify(): void {
    if (this.#listeners.size === 0) return;
    this.state().then(
      (state) => {
        for (const listener of this.#listeners) listener(state);
      },
      () => undefined,
    );
  }
}
