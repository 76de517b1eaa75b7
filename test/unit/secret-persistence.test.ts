import { describe, expect, it } from 'vitest';
import { chooseSecretPersistence } from '../../electron/main/secret-persistence.ts';

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
    for (const backend of ['basic_text', 'unknown', undefined]) {
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
