import type { SecretName, SecretPersistence, SecretStore } from './secret-store.ts';

/** Secrets kept for this process only: lost when the app quits, by design. */
export class MemorySecretStore implements SecretStore {
  readonly persistence: SecretPersistence = 'session';
  readonly #values = new Map<string, string>();

  #key(environmentId: string, name: SecretName): string {
    return `${environmentId}\u0000${name}`;
  }

  get(environmentId: string, name: SecretName): Promise<string | undefined> {
    return Promise.resolve(this.#values.get(this.#key(environmentId, name)));
  }

  set(environmentId: string, name: SecretName, value: string): Promise<void> {
    this.#values.set(this.#key(environmentId, name), value);
    return Promise.resolve();
  }

  delete(environmentId: string, name: SecretName): Promise<void> {
    this.#values.delete(this.#key(environmentId, name));
    return Promise.resolve();
  }
}
