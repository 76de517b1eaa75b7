import type { SafeStorage } from 'electron';

/**
 * Whether secrets can be kept encrypted by the OS. The decision is pure and the probe takes
 * safeStorage as a parameter, so both are tested without Electron.
 */
export interface SecretPersistenceInput {
  /** Whether safeStorage can encrypt (its sync and async encryptors both). */
  readonly available: boolean;
  /** safeStorage.getSelectedStorageBackend() on Linux; ignored elsewhere. */
  readonly backend: string | undefined;
  readonly platform: NodeJS.Platform;
}

export type SecretPersistenceChoice =
  | { readonly persistence: 'os-keychain' }
  | { readonly persistence: 'session'; readonly reason: string };

// Only a real keyring protects the key on Linux: anything else (basic_text, a hard-coded key;
// unknown; the empty name of a backend not yet initialised; a backend added later) is refused.
const protectedLinuxBackends: ReadonlySet<string> = new Set(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']);

export function chooseSecretPersistence(input: SecretPersistenceInput): SecretPersistenceChoice {
  if (!input.available) {
    return { persistence: 'session', reason: 'The operating system offers no encryption for stored secrets.' };
  }
  if (input.platform === 'linux' && (input.backend === undefined || !protectedLinuxBackends.has(input.backend))) {
    return {
      persistence: 'session',
      reason: `No keyring is running (storage backend: ${input.backend === undefined || input.backend === '' ? 'none' : input.backend}), so secrets would be stored with a fixed key.`,
    };
  }
  return { persistence: 'os-keychain' };
}

export type SafeStorageProbe = Pick<SafeStorage, 'isEncryptionAvailable' | 'isAsyncEncryptionAvailable' | 'getSelectedStorageBackend'>;

/** Call after app 'ready': on Linux the storage backend is only chosen then. */
export async function probeSecretPersistence(storage: SafeStorageProbe, platform: NodeJS.Platform): Promise<SecretPersistenceChoice> {
  const linux = platform === 'linux';
  // Electron records the Linux backend's name only when the sync encryptor initialises (until then
  // it reads ''), so that is done first. The sync API is deprecated, but only it names the backend.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const syncAvailable = !linux || storage.isEncryptionAvailable();
  const backend = linux ? storage.getSelectedStorageBackend() : undefined;
  const available = syncAvailable && (await storage.isAsyncEncryptionAvailable());
  return chooseSecretPersistence({ available, backend, platform });
}
