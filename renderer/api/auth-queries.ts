import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthState } from '../../shared/environment/environment.ts';
import { useApi } from './api-context.tsx';
import { call } from './call.ts';
import { authKeys, credentialKeys } from './query-keys.ts';

/** Refetched each minute as well, so an expired token stops showing as valid. */
export function useAuthStateQuery(environmentId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: authKeys.state(environmentId ?? ''),
    queryFn: () => call(api, 'auth:state', { environmentId }),
    enabled: environmentId !== undefined,
    refetchInterval: 60_000,
  });
}

function useAuthMutation(channel: 'auth:sign-in' | 'auth:sign-out') {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (environmentId: string) => call(api, channel, { environmentId }),
    onSuccess: (state: AuthState) => {
      queryClient.setQueryData(authKeys.state(state.environmentId), state);
    },
    // A rejected refresh token is forgotten by core, so the state and the stored-credential
    // status may have changed; auth:changed says so too, but an event stream can be down.
    onError: async (_error, environmentId) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.state(environmentId) }),
        queryClient.invalidateQueries({ queryKey: credentialKeys.status(environmentId) }),
      ]);
    },
  });
}

export function useSignInMutation() {
  return useAuthMutation('auth:sign-in');
}

export function useSignOutMutation() {
  return useAuthMutation('auth:sign-out');
}
