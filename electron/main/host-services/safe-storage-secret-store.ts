import { join } from 'node:path';
import { safeStorage } from 'electron';
import { MemorySecretStore } from '../../core/secrets/memory-secret-store.ts';
import type { SecretStore } from '../../core/secrets/secret-store.ts';
import { EncryptedSecretFile } from './encrypted-secret-file.ts';
import { probeSecretPersistence } from './secret-persistence.ts';

export interface ChosenSecretStore {
  readonly store: SecretStore;
  /** Why secrets are kept for this session only, or a problem with the stored file; for the log. */
  readonly note: string | undefined;
}

/**
 * Secrets encrypted with safeStorage under userData when the OS really protects them; otherwise
 * memory only, so the UI can say "kept for this session only" instead of storing them weakly.
 * Call after app 'ready': on Linux the storage backend is only known then.
 */
export async function createSecretStore(userDataDir: string, log: (message: string) => void): Promise<ChosenSecretStore> {
  const choice = await probeSecretPersistence(safeStorage, process.platform);
  if (choice.persistence === 'session') return { store: new MemorySecretStore(), note: choice.reason };
  const store = new EncryptedSecretFile({
    path: join(userDataDir, 'secrets.json'),
    cipher: {
      encrypt: (plain) => safeStorage.encryptStringAsync(plain),
      decrypt: (encrypted) => safeStorage.decryptStringAsync(encrypted),
    },
    log,
  });
  return { store, note: store.problem };
}
