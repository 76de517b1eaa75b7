import { resolve } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import type { ErrorCode } from '../../../shared/errors/errors.ts';
import { CoreError } from '../errors.ts';
import { MemorySecretStore } from './memory-secret-store.ts';
import type { SecretName, SecretPersistence, SecretStore } from './secret-store.ts';

/** The keychain's service name; the account says which data folder, environment and secret. */
export const keychainService = 'TitleDesk';

// The Secret Service itself, never the kernel keyring (keyutils): that one forgets everything at
// logout, which would make "kept in the OS keychain" untrue.
const entryOptions = { linux: { store: 'secret-service' as const } };

/** A keychain that does not answer within this long counts as absent. */
const answerTimeoutMs = 5_000;

/**
 * The account of one secret. Settings (the environments) live in a data folder, so their secrets
 * are kept per data folder too: two folders never share or overwrite each other's credentials.
 */
export function keychainAccount(dataDir: string, environmentId: string, name: SecretName): string {
  return `${resolve(dataDir)}#${environmentId}#${name}`;
}

/**
 * Secrets in the operating system's keychain through keyring-rs: the Secret Service (GNOME
 * Keyring, KWallet) on Linux, the Keychain on macOS, the Credential Manager on Windows. For the
 * hosts without Electron's safeStorage: the CLI and browser mode.
 */
export class KeychainSecretStore implements SecretStore {
  readonly persistence: SecretPersistence = 'os-keychain';
  readonly #dataDir: string;

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
  }

  #entry(environmentId: string, name: SecretName): AsyncEntry {
    return new AsyncEntry(keychainService, keychainAccount(this.#dataDir, environmentId, name), entryOptions);
  }

  async get(environmentId: string, name: SecretName): Promise<string | undefined> {
    // Unreadable counts as missing: nothing is sent, and the user is told to unlock the keychain.
    const value = await attempt('credentials_missing', 'read', () => this.#entry(environmentId, name).getPassword(AbortSignal.timeout(answerTimeoutMs)));
    return value ?? undefined;
  }

  async set(environmentId: string, name: SecretName, value: string): Promise<void> {
    await attempt('internal', 'save', () => this.#entry(environmentId, name).setPassword(value, AbortSignal.timeout(answerTimeoutMs)));
  }

  async delete(environmentId: string, name: SecretName): Promise<void> {
    await attempt('internal', 'remove', () => this.#entry(environmentId, name).deleteCredential(AbortSignal.timeout(answerTimeoutMs)));
  }
}

/**
 * A keychain that was there at start can be locked or stopped later: say so in plain words
 * instead of "something went wrong". The binding's messages name the store, never a secret.
 */
async function attempt<T>(code: ErrorCode, verb: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CoreError(code, `The OS keychain could not ${verb} the secret; it may be locked: unlock it and try again. (${reason})`, { cause: error });
  }
}

export interface ChosenKeychain {
  readonly store: SecretStore;
  /** One line saying where secrets are kept, when not in the keychain; undefined when the keychain answered. */
  readonly note: string | undefined;
  /** The binding's own error (a raw D-Bus message on Linux), for a log; never shown as the note. */
  readonly detail?: string | undefined;
}

/** Said once at start-up (npm start, titledesk web, the app's log) where no keychain answers. */
export const sessionOnlySecretsNote =
  'Secrets are kept in memory for this session only: no OS keychain answered (on Linux, a Secret Service such as GNOME Keyring). Use WF_* variables, or start one, to keep them.';

/**
 * The OS keychain when one answers, otherwise memory for this session only (the UI says which).
 * Answering means a read of an entry that does not exist comes back: without a Secret Service
 * daemon or a D-Bus session the binding throws at once, and that is the fallback, not a failure.
 */
export async function chooseKeychainStore(dataDir: string): Promise<ChosenKeychain> {
  const store = new KeychainSecretStore(dataDir);
  try {
    await store.get('titledesk-probe', 'providerKey');
    return { store, note: undefined };
  } catch (error) {
    const cause = error instanceof CoreError ? error.cause : error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    return { store: new MemorySecretStore(), note: sessionOnlySecretsNote, detail: reason };
  }
}
