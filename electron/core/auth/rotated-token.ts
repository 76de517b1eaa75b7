import type { SecretStore } from '../secrets/secret-store.ts';

export interface RotatedTokenOptions {
  readonly environmentId: string;
  readonly secrets: SecretStore;
  /** How soon a failed save is tried again. */
  readonly retryMs: number;
  /** Whether the token is stored changed: the user is told (once) while it is not. */
  readonly onChange: () => void;
}

/**
 * The newest refresh token the provider gave this process. It is what this process sends from
 * then on, stored or not: the one it replaced may already be void. When the secret store refuses
 * it (a locked keychain), it stays in memory, storing is tried again on a timer and before every
 * refresh, and `unsaved` says so, which the hosts show the user once, until it is stored.
 */
export class RotatedToken {
  readonly #options: RotatedTokenOptions;
  #latest: string | undefined;
  /** The latest token is not in the store yet. */
  #pending = false;
  /** Storing it failed and has not succeeded since: what the user is told. */
  #failed = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: RotatedTokenOptions) {
    this.#options = options;
  }

  get latest(): string | undefined {
    return this.#latest;
  }

  /** A new refresh token is in use that could not be stored (yet). */
  get unsaved(): boolean {
    return this.#failed;
  }

  /** Takes the provider's new token and tries to store it; a failure is kept, not thrown. */
  async adopt(token: string): Promise<void> {
    this.#latest = token;
    this.#pending = true;
    await this.save();
  }

  /** Another token took its place (pasted, rejected, or stored by another process): nothing more to keep. */
  forget(): void {
    this.#latest = undefined;
    this.#pending = false;
    this.#stopTimer();
    this.#setFailed(false);
  }

  /** Stores the token if it is not stored yet; never throws. */
  async save(): Promise<void> {
    const token = this.#latest;
    if (token === undefined || !this.#pending) return;
    try {
      await this.#options.secrets.set(this.#options.environmentId, 'refreshToken', token);
    } catch {
      this.#setFailed(true);
      this.#scheduleRetry();
      return;
    }
    if (this.#latest !== token) return;
    this.#pending = false;
    this.#stopTimer();
    this.#setFailed(false);
  }

  #setFailed(failed: boolean): void {
    if (this.#failed === failed) return;
    this.#failed = failed;
    // Said when it starts and when it ends, not at every retry in between.
    this.#options.onChange();
  }

  #scheduleRetry(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.save();
    }, this.#options.retryMs);
    // A pending retry does not keep a finished CLI command alive.
    this.#timer.unref();
  }

  #stopTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
