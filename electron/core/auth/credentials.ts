import type { Environment } from '../../../shared/environment/environment.ts';
import type { CredentialSource } from '../../../shared/environment/environment.ts';
import type { SecretPersistence, SecretStore } from '../secrets/secret-store.ts';
import type { Credentials } from './token-request.ts';

/** The credentials an environment's auth mode needs, or undefined when any part is missing. */
export async function resolveCredentials(environment: Environment, secrets: SecretStore): Promise<Credentials | undefined> {
  if (environment.authMode === 'machine') {
    const [clientId, clientSecret] = await Promise.all([
      secrets.get(environment.id, 'clientId'),
      secrets.get(environment.id, 'clientSecret'),
    ]);
    if (clientId === undefined || clientSecret === undefined) return undefined;
    return { mode: 'machine', clientId, clientSecret };
  }
  const [storedClientId, refreshToken] = await Promise.all([
    secrets.get(environment.id, 'developerClientId'),
    secrets.get(environment.id, 'refreshToken'),
  ]);
  const clientId = storedClientId ?? environment.developerClientId;
  if (clientId === undefined || clientId === '' || refreshToken === undefined) return undefined;
  return { mode: 'developer', clientId, refreshToken };
}

const sourceByPersistence: Readonly<Record<SecretPersistence, CredentialSource>> = {
  'os-keychain': 'stored',
  session: 'session',
  environment: 'environment',
};

export function credentialSource(persistence: SecretPersistence, present: boolean): CredentialSource {
  return present ? sourceByPersistence[persistence] : 'missing';
}

export function missingCredentialsMessage(environment: Environment): string {
  return environment.authMode === 'machine'
    ? `No client id and secret are set for ${environment.name}.`
    : `No developer client id and refresh token are set for ${environment.name}.`;
}
