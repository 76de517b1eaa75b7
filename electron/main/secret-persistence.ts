/**
 * Whether secrets can be kept encrypted by the OS. Pure, so the decision is tested without
 * Electron: electron/main feeds it what safeStorage reports.
 */
export interface SecretPersistenceInput {
  /** safeStorage.isEncryptionAvailable() */
  readonly available: boolean;
  /** safeStorage.getSelectedStorageBackend() on Linux; ignored elsewhere. */
  readonly backend: string | undefined;
  readonly platform: NodeJS.Platform;
}

export type SecretPersistenceChoice =
  | { readonly persistence: 'os-keychain' }
  | { readonly persistence: 'session'; readonly reason: string };

// On Linux, 'basic_text' means Chromium "encrypts" with a hard-coded key when no keyring
// (libsecret, KWallet) is running: the file would be readable by anyone who copies it.
const unprotectedLinuxBackends: ReadonlySet<string> = new Set(['basic_text', 'unknown']);

export function chooseSecretPersistence(input: SecretPersistenceInput): SecretPersistenceChoice {
  if (!input.available) {
    return { persistence: 'session', reason: 'The operating system offers no encryption for stored secrets.' };
  }
  if (input.platform === 'linux' && (input.backend === undefined || unprotectedLinuxBackends.has(input.backend))) {
    return {
      persistence: 'session',
      reason: `No keyring is running (storage backend: ${input.backend ?? 'none'}), so secrets would be stored with a fixed key.`,
    };
  }
  return { persistence: 'os-keychain' };
}
