import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { SecretName, SecretPersistence, SecretStore } from '../../core/secrets/secret-store.ts';

/** What encrypts a secret for this OS user: Electron's safeStorage in the app, a fake in tests. */
export interface SecretCipher {
  encrypt(plain: string): Promise<Buffer>;
  /** shouldReEncrypt: the OS key was rotated, so the value is stored again under the new one. */
  decrypt(encrypted: Buffer): Promise<{ readonly result: string; readonly shouldReEncrypt: boolean }>;
}

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64');
const secretFileSchema = z.object({
  version: z.literal(1),
  secrets: z.record(z.string(), z.record(z.string(), base64)),
});

/**
 * Secrets encrypted by the OS (Keychain, DPAPI, libsecret/KWallet through safeStorage), stored
 * base64 in one JSON file. No electron import here, so the file handling is tested with a fake
 * cipher. Writes go to a temporary file (mode 0600) then rename, so a crash never leaves half a
 * file. Changes are queued, encryption included, so two sets of one secret land in call order.
 */
export class EncryptedSecretFile implements SecretStore {
  readonly persistence: SecretPersistence = 'os-keychain';
  readonly path: string;
  /** Set when the file existed but could not be used; it was moved aside and the store starts empty. */
  readonly problem: string | undefined;
  readonly #cipher: SecretCipher;
  readonly #log: (message: string) => void;
  readonly #entries = new Map<string, Map<string, string>>();
  #queue: Promise<void> = Promise.resolve();

  constructor(options: { path: string; cipher: SecretCipher; log?: (message: string) => void }) {
    this.path = options.path;
    this.#cipher = options.cipher;
    this.#log = options.log ?? (() => undefined);
    this.problem = this.#load();
  }

  #load(): string | undefined {
    if (!existsSync(this.path)) return undefined;
    let parsed: z.infer<typeof secretFileSchema>;
    try {
      parsed = secretFileSchema.parse(JSON.parse(readFileSync(this.path, 'utf8')));
    } catch (error) {
      const aside = `${this.path}.unreadable-${Date.now()}`;
      renameSync(this.path, aside);
      const reason = error instanceof z.ZodError ? z.prettifyError(error) : String(error);
      return `The secrets file could not be read (${reason}); it was moved to ${aside}.`;
    }
    for (const [environmentId, names] of Object.entries(parsed.secrets)) {
      this.#entries.set(environmentId, new Map(Object.entries(names)));
    }
    return undefined;
  }

  async get(environmentId: string, name: SecretName): Promise<string | undefined> {
    // Reads see every change already asked for, even one still being encrypted.
    await this.#queue;
    const encoded = this.#entries.get(environmentId)?.get(name);
    if (encoded === undefined) return undefined;
    let decrypted: { readonly result: string; readonly shouldReEncrypt: boolean };
    try {
      decrypted = await this.#cipher.decrypt(Buffer.from(encoded, 'base64'));
    } catch (error) {
      // A keychain reset or a file copied from another account: the user enters the secret again.
      this.#log(`Could not decrypt ${name} of ${environmentId}: ${String(error)}`);
      return undefined;
    }
    if (decrypted.shouldReEncrypt) {
      this.#enqueue(() => this.#store(environmentId, name, encoded, decrypted.result)).catch((error: unknown) => {
        this.#log(`Could not re-encrypt ${name} of ${environmentId}: ${String(error)}`);
      });
    }
    return decrypted.result;
  }

  set(environmentId: string, name: SecretName, value: string): Promise<void> {
    return this.#enqueue(() => this.#store(environmentId, name, undefined, value));
  }

  delete(environmentId: string, name: SecretName): Promise<void> {
    return this.#enqueue(async () => {
      const names = this.#entries.get(environmentId);
      if (names?.delete(name) !== true) return;
      if (names.size === 0) this.#entries.delete(environmentId);
      await this.#write();
    });
  }

  /** Stores value, unless `onlyIfStill` is given and the stored ciphertext changed meanwhile. */
  async #store(environmentId: string, name: SecretName, onlyIfStill: string | undefined, value: string): Promise<void> {
    const names = this.#entries.get(environmentId) ?? new Map<string, string>();
    if (onlyIfStill !== undefined && names.get(name) !== onlyIfStill) return;
    names.set(name, (await this.#cipher.encrypt(value)).toString('base64'));
    this.#entries.set(environmentId, names);
    await this.#write();
  }

  /** Resolves when every write queued so far has reached the disk. */
  flush(): Promise<void> {
    return this.#queue;
  }

  #enqueue(change: () => Promise<void>): Promise<void> {
    const next = this.#queue.then(change);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #write(): Promise<void> {
    // Serialised when the write runs, so a queued write always stores the latest state.
    const secrets = Object.fromEntries([...this.#entries].map(([id, names]) => [id, Object.fromEntries(names)]));
    const text = `${JSON.stringify({ version: 1, secrets }, null, 2)}\n`;
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}-${Date.now()}.tmp`;
    try {
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, this.path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }
}
