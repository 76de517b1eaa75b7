import { describe, expect, it } from 'vitest';
import { chooseSecretPersistence, probeSecretPersistence, type SafeStorageProbe } from '../../../electron/main/host-services/secret-persistence.ts';

describe('chooseSecretPersistence', () => {
  it('uses the OS keychain on macOS and Windows whenever encryption is available', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      expect(chooseSecretPersistence({ available: true, backend: undefined, platform })).toEqual({ persistence: 'os-keychain' });
    }
  });

  it('uses a real Linux keyring', () => {
    for (const backend of ['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']) {
      expect(chooseSecretPersistence({ available: true, backend, platform: 'linux' })).toEqual({ persistence: 'os-keychain' });
    }
  });

  it('keeps secrets for the session when Linux would store them with a fixed key', () => {
    // '' is what Electron reports before its sync encryptor has chosen a backend.
    for (const backend of ['basic_text', 'unknown', '', 'a_future_backend', undefined]) {
      const choice = chooseSecretPersistence({ available: true, backend, platform: 'linux' });
      expect(choice.persistence).toBe('session');
      expect(choice).toHaveProperty('reason', expect.stringContaining('No keyring'));
    }
  });

  it('keeps secrets for the session when the OS offers no encryption at all', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const choice = chooseSecretPersistence({ available: false, backend: 'gnome_libsecret', platform });
      expect(choice.persistence).toBe('session');
      expect(choice).toHaveProperty('reason', 'The operating system offers no encryption for stored secrets.');
    }
  });
});

/**
 * safeStorage as Electron 45 behaves on Linux (electron_api_safe_storage.cc): the backend's name
 * is recorded when the sync encryptor initialises, at its first isEncryptionAvailable(), and
 * reads as an empty string until then.
 */
function linuxSafeStorage(backend: ReturnType<SafeStorageProbe['getSelectedStorageBackend']>): SafeStorageProbe & { syncCalls: number } {
  let recorded: string = '';
  const storage = {
    syncCalls: 0,
    isEncryptionAvailable: () => {
      storage.syncCalls += 1;
      recorded = backend;
      return true;
    },
    isAsyncEncryptionAvailable: () => Promise.resolve(true),
    // Electron's typing leaves out the empty name it returns before initialising.
    getSelectedStorageBackend: () => recorded as typeof backend,
  };
  return storage;
}

describe('probeSecretPersistence', () => {
  it('initialises the sync encryptor before reading the Linux backend, so a real keyring is used', async () => {
    const storage = linuxSafeStorage('gnome_libsecret');
    expect(await probeSecretPersistence(storage, 'linux')).toEqual({ persistence: 'os-keychain' });
    expect(storage.syncCalls).toBe(1);
  });

  it('keeps secrets for the session when the backend is basic_text, once known', async () => {
    const choice = await probeSecretPersistence(linuxSafeStorage('basic_text'), 'linux');
    expect(choice).toEqual({ persistence: 'session', reason: 'No keyring is running (storage backend: basic_text), so secrets would be stored with a fixed key.' });
  });

  it('does not read the backend elsewhere', async () => {
    const storage = linuxSafeStorage('unknown');
    expect(await probeSecretPersistence(storage, 'darwin')).toEqual({ persistence: 'os-keychain' });
    expect(storage.syncCalls).toBe(0);
  });
});
