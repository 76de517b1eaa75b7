import { z } from 'zod';
import type { SecretName, SecretPersistence, SecretStore } from './secret-store.ts';

/** The variable names the service's official SDK reads, plus the address provider key. */
export const secretEnvVars: Readonly<Record<SecretName, string>> = {
  refreshToken: 'WF_REFRESH_TOKEN',
  developerClientId: 'WF_DEVELOPER_CLIENT_ID',
  clientId: 'WF_CLIENT_ID',
  clientSecret: 'WF_CLIENT_SECRET',
  providerKey: 'LOQATE_KEY',
  teamPassword: 'TITLEDESK_TEAM_PASSWORD',
};

// An empty variable counts as unset, as `FOO= titledesk …` is how people clear one for a run.
const envValueSchema = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

type Overlay = { readonly kind: 'set'; readonly value: string } | { readonly kind: 'deleted' };

/**
 * Secrets from process environment variables. The store itself does not choose an environment:
 * the registry hands it only to the one environment marked `credentialsFromEnvironment` (the
 * CLI: the one given by --base-url), so a variable never reaches another host. The variables are
 * read-only: a write (a rotated refresh token) or a delete (a rejected one) is kept in memory
 * and wins over the variable for the rest of the process, so a stale variable is never reused.
 */
export class EnvSecretStore implements SecretStore {
  readonly persistence: SecretPersistence;
  readonly #env: Readonly<Record<string, string | undefined>>;
  readonly #overlay = new Map<string, Overlay>();

  /**
   * `persistence` says where a secret the user types ends up. A host without secure storage
   * (the browser-mode host) reports 'session': what is typed is kept in memory only.
   */
  constructor(env: Readonly<Record<string, string | undefined>>, persistence: SecretPersistence = 'environment') {
    this.#env = env;
    this.persistence = persistence;
  }

  #key(environmentId: string, name: SecretName): string {
    return `${environmentId}\u0000${name}`;
  }

  get(environmentId: string, name: SecretName): Promise<string | undefined> {
    const overlay = this.#overlay.get(this.#key(environmentId, name));
    if (overlay !== undefined) return Promise.resolve(overlay.kind === 'set' ? overlay.value : undefined);
    return Promise.resolve(envValueSchema.parse(this.#env[secretEnvVars[name]]));
  }

  set(environmentId: string, name: SecretName, value: string): Promise<void> {
    this.#overlay.set(this.#key(environmentId, name), { kind: 'set', value });
    return Promise.resolve();
  }

  delete(environmentId: string, name: SecretName): Promise<void> {
    this.#overlay.set(this.#key(environmentId, name), { kind: 'deleted' });
    return Promise.resolve();
  }
}
