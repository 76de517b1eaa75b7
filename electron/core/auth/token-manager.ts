import type { Dispatcher } from 'undici';
import type { AuthState, Environment } from '../../../shared/environment/environment.ts';
import { CoreError } from '../errors.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { AnswerLostError, RetryableAuthError } from './auth-errors.ts';
import { defaultBackoffPolicy, retryDelayMs, sleep, type BackoffPolicy } from './backoff.ts';
import { credentialSource, missingCredentialsMessage, resolveCredentials } from './credentials.ts';
import { DiscoveryCache } from './discovery.ts';
import { processCoordination, type RefreshCoordination } from './refresh-coordination.ts';
import { RotatedToken } from './rotated-token.ts';
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
  /** Refresh-token use shared with the other processes of the data folder; default this process alone. */
  readonly coordination?: RefreshCoordination;
  /** How soon storing a rotated refresh token is tried again after it failed; default 30 s. */
  readonly saveRetryMs?: number;
}

/** How a refresh asked for by a person differs from one a request needs. */
export interface RefreshOptions {
  /** Someone asked (Sign in, Test connection): the one attempt held back after a lost answer may go. */
  readonly deliberate?: boolean;
  /** One request and no retries, so the first answer is seen as it came (Test connection). */
  readonly once?: boolean;
  /** A refresh token the provider rejects stays stored: a test never deletes what the user typed. */
  readonly keepRejected?: boolean;
}

export type AuthListener = (state: AuthState) => void;

interface Fetched {
  readonly token: CachedToken;
  readonly expiresInSeconds: number;
}

/**
 * Access tokens for one environment: cached by the rules in token-cache.ts, fetched by a single
 * flight however many requests (and Test connection) need one at once, retried with backoff on
 * transient failures. Refresh tokens the provider rotates are handled so that a user is never
 * locked out: a replaced token is never sent again (by this process or another on the folder),
 * a new one is used from memory while it cannot be stored, and a request whose answer was lost
 * is not repeated behind the user's back.
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
  readonly #coordination: RefreshCoordination;
  readonly #rotated: RotatedToken;
  readonly #listeners = new Set<AuthListener>();
  #token: CachedToken | undefined;
  #inflight: Promise<Fetched> | undefined;

  constructor(options: TokenManagerOptions) {
    this.environment = options.environment;
    this.#secrets = options.secrets;
    this.#dispatcher = options.dispatcher;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#discovery = new DiscoveryCache(options.environment.baseUrl, options.dispatcher, this.#timeoutMs);
    this.#policy = options.policy ?? defaultTokenPolicy;
    this.#backoff = options.backoff ?? defaultBackoffPolicy;
    this.#now = options.now ?? Date.now;
    this.#coordination = options.coordination ?? processCoordination();
    this.#rotated = new RotatedToken({
      environmentId: options.environment.id,
      secrets: options.secrets,
      retryMs: options.saveRetryMs ?? 30_000,
      onChange: () => {
        this.#notify();
      },
    });
  }

  /** A usable access token, fetching one when the cache rules require it (`deliberate`: Sign in). */
  async accessToken(options: Pick<RefreshOptions, 'deliberate'> = {}): Promise<string> {
    if (isTokenUsable(this.#token, this.#now(), this.#policy)) return this.#token.accessToken;
    return (await this.#single(options)).token.accessToken;
  }

  /**
   * A new access token now, through the same single flight as every other (a refresh already
   * under way is joined, never doubled): Sign in and Test connection.
   */
  async refresh(options: RefreshOptions = {}): Promise<{ readonly expiresInSeconds: number }> {
    const fetched = await this.#single(options);
    return { expiresInSeconds: fetched.expiresInSeconds };
  }

  /** The API refused this token (401): forget it unless a newer one has already replaced it. */
  invalidate(accessToken: string): void {
    if (this.#token?.accessToken !== accessToken) return;
    this.#token = undefined;
    this.#notify();
  }

  /** Drops the cached token, e.g. after credentials changed. A rotated token not yet stored is kept. */
  reset(): void {
    this.#token = undefined;
    this.#notify();
  }

  async state(): Promise<AuthState> {
    const present = this.#rotated.unsaved || (await resolveCredentials(this.environment, this.#secrets)) !== undefined;
    const token = this.#token;
    return {
      environmentId: this.environment.id,
      mode: this.environment.authMode,
      signedIn: token !== undefined && this.#now() < token.expiresAt,
      expiresAt: token?.expiresAt ?? null,
      credentials: credentialSource(this.#secrets.persistence, present),
      ...(this.#rotated.unsaved ? { refreshTokenUnsaved: true } : {}),
    };
  }

  onChange(listener: AuthListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #single(options: RefreshOptions): Promise<Fetched> {
    if (this.#inflight !== undefined) return this.#inflight;
    const pending = this.#coordination.exclusive(() => this.#fetch(options));
    this.#inflight = pending;
    // The slot is released on failure too, so the next caller starts a fresh attempt.
    const release = (): void => {
      if (this.#inflight === pending) this.#inflight = undefined;
    };
    pending.then(release, release);
    return pending;
  }

  async #fetch(options: RefreshOptions): Promise<Fetched> {
    // A rotated token not stored yet: another try before anything else, as a quit would lose it.
    await this.#rotated.save();
    const credentials = await this.#credentials();
    if (credentials === undefined) throw new CoreError('credentials_missing', missingCredentialsMessage(this.environment));
    if (credentials.mode === 'developer') this.#refuseUnsendable(credentials.refreshToken, options);
    let grant: TokenGrant;
    try {
      grant = await this.#requestWithRetries(credentials, options);
    } catch (error) {
      if (error instanceof CoreError && error.code === 'invalid_grant' && credentials.mode === 'developer') {
        this.#coordination.release(this.environment.id, credentials.refreshToken);
        // Signing in again is asked for only now, when the provider itself said invalid_grant.
        if (options.keepRejected !== true) await this.#forgetRefreshToken(credentials.refreshToken);
      }
      throw error;
    }
    if (credentials.mode === 'developer') {
      this.#coordination.release(this.environment.id, credentials.refreshToken);
      if (grant.refreshToken !== undefined && grant.refreshToken !== credentials.refreshToken) {
        // RFC 6749 §6: the old token may already be void. It is retired for every process of the
        // folder before anything else, and the new one is used even if it cannot be stored yet.
        this.#coordination.retire(this.environment.id, credentials.refreshToken);
        await this.#rotated.adopt(grant.refreshToken);
      }
    }
    const token = tokenFromResponse(grant.accessToken, grant.expiresInSeconds, grant.receivedAt);
    this.#token = token;
    this.#notify();
    return { token, expiresInSeconds: grant.expiresInSeconds };
  }

  /**
   * The credentials to send: the stored ones, unless the stored refresh token is one the provider
   * has replaced and this process holds its successor (not stored yet, or stored elsewhere).
   */
  async #credentials(): Promise<Credentials | undefined> {
    const latest = this.#rotated.latest;
    if (latest === undefined || this.environment.authMode !== 'developer') return resolveCredentials(this.environment, this.#secrets);
    const stored = await resolveCredentials(this.environment, this.#secrets).catch((error: unknown) => {
      if (!this.#rotated.unsaved) throw error;
      return undefined;
    });
    if (stored?.mode === 'developer' && stored.refreshToken !== latest && !this.#coordination.isRetired(this.environment.id, stored.refreshToken)) {
      // Newer than ours: pasted by the user, or stored by another process after its own rotation.
      this.#rotated.forget();
      return stored;
    }
    if (stored === undefined && !this.#rotated.unsaved) return undefined;
    const clientId = stored?.clientId ?? this.environment.developerClientId;
    return clientId === undefined || clientId === '' ? stored : { mode: 'developer', clientId, refreshToken: latest };
  }

  /** Refuses, before anything is sent, a refresh token that must not go out now. */
  #refuseUnsendable(refreshToken: string, options: RefreshOptions): void {
    if (this.#coordination.isRetired(this.environment.id, refreshToken)) {
      throw new CoreError(
        'auth_unavailable',
        `The refresh token for ${this.environment.name} here was already replaced by the identity provider when another TitleDesk on this data folder used it, and the new one is not available to this one. It was not sent: the provider would take it as stolen and sign everyone out. Use the TitleDesk that holds the new one, or paste a new refresh token from My Tokens.`,
      );
    }
    // Held for the whole data folder: another process must not repeat it behind the user's back either.
    if (options.deliberate !== true && this.#coordination.isHeld(this.environment.id, refreshToken)) throw this.#lostAnswer();
  }

  #lostAnswer(cause?: unknown): CoreError {
    return new CoreError(
      'auth_unavailable',
      `The identity provider did not answer a sign-in for ${this.environment.name} that may have reached it. TitleDesk has not sent the refresh token again on its own, as the provider may already have replaced it: choose Sign in to try once more.`,
      cause === undefined ? undefined : { cause },
    );
  }

  async #requestWithRetries(credentials: Credentials, options: RefreshOptions): Promise<TokenGrant> {
    const maxAttempts = options.once === true ? 1 : this.#backoff.maxAttempts;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const endpoint = await this.#discovery.tokenEndpoint();
        return await requestToken(this.#dispatcher, endpoint, credentials, this.#timeoutMs);
      } catch (error) {
        if (error instanceof AnswerLostError && credentials.mode === 'developer') {
          this.#coordination.hold(this.environment.id, credentials.refreshToken);
          throw this.#lostAnswer(error);
        }
        if (!(error instanceof RetryableAuthError)) throw error;
        const waitMs = retryDelayMs(attempt, this.#backoff, error.retryAfterMs);
        if (attempt >= maxAttempts || waitMs === undefined) {
          const asked = waitMs === undefined ? ` (it asked to wait ${String(Math.ceil((error.retryAfterMs ?? 0) / 1000))} s)` : '';
          throw new CoreError('auth_unavailable', `Could not get an access token for ${this.environment.name}: ${error.message}${asked}`);
        }
        await sleep(waitMs);
      }
    }
  }

  /** The provider rejected this refresh token: it goes, unless a newer one has replaced it meanwhile. */
  async #forgetRefreshToken(rejected: string): Promise<void> {
    this.#token = undefined;
    if (this.#rotated.latest === rejected) this.#rotated.forget();
    const stored = await this.#secrets.get(this.environment.id, 'refreshToken').catch(() => undefined);
    if (stored === undefined || stored === rejected) await this.#secrets.delete(this.environment.id, 'refreshToken');
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
