/**
 * The secrets an environment may hold, and the team database password (Settings → Team, kept under
 * its own id, never an environment's). None of them ever leaves core.
 */
export type SecretName = 'refreshToken' | 'clientSecret' | 'clientId' | 'developerClientId' | 'providerKey' | 'teamPassword';

/**
 * Where secrets live. 'os-keychain' is the Electron safeStorage store (written in electron/main),
 * 'session' is memory only, 'environment' reads process environment variables.
 */
export type SecretPersistence = 'os-keychain' | 'session' | 'environment';

export interface SecretStore {
  readonly persistence: SecretPersistence;
  get(environmentId: string, name: SecretName): Promise<string | undefined>;
  set(environmentId: string, name: SecretName, value: string): Promise<void>;
  delete(environmentId: string, name: SecretName): Promise<void>;
}
