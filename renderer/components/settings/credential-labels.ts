import type { CredentialStatus } from '../../../shared/contract/channels.ts';
import type { SecretName } from '../../bridge/contract-schemas.ts';

/** Where a saved credential went, in the words the user needs to judge it. */
export const persistencePhrases: { readonly [P in CredentialStatus['persistence']]: string } = {
  'os-keychain': 'kept in the OS keychain',
  session: 'kept for this session only: no OS keychain on this machine',
  environment: 'from environment variables',
};

export const secretLabels: { readonly [S in SecretName]: string } = {
  refreshToken: 'Refresh token',
  developerClientId: 'Developer client id',
  clientId: 'Client id',
  clientSecret: 'Client secret',
  providerKey: 'Address provider key',
};
