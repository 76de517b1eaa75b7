import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecretName } from '../bridge/contract-schemas.ts';
import { useApi } from './api-context.tsx';
import { call } from './call.ts';
import { authKeys, credentialKeys } from './query-keys.ts';

/** Which credentials are set and where they live; the values themselves never reach the renderer. */
export function useCredentialStatusQuery(environmentId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: credentialKeys.status(environmentId ?? ''),
    queryFn: () => call(api, 'credentials:status', { environmentId }),
    enabled: environmentId !== undefined,
  });
}

export interface CredentialInput {
  readonly environmentId: string;
  readonly name: SecretName;
  /** An empty value clears the credential. */
  readonly value: string;
}

export function useSetCredentialMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ environmentId, name, value }: CredentialInput) => call(api, 'credentials:set', { environmentId, name, value }),
    onSuccess: async (status) => {
      queryClient.setQueryData(credentialKeys.status(status.environmentId), status);
      await queryClient.invalidateQueries({ queryKey: authKeys.state(status.environmentId) });
    },
  });
}
