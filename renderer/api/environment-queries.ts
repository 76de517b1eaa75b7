import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TitleDeskApi } from '../../shared/contract/api.ts';
import type { AuthMode, EnvironmentInput } from '../../shared/environment/environment.ts';
import { useApi } from './api-context.tsx';
import { call } from './call.ts';
import { authKeys, credentialKeys, environmentKeys } from './query-keys.ts';

/** The environments and the selected one: the first thing the window needs, so main.tsx asks before React renders. */
export function environmentsQuery(api: TitleDeskApi) {
  return queryOptions({ queryKey: environmentKeys.list(), queryFn: () => call(api, 'environment:list', undefined) });
}

export function useEnvironmentsQuery() {
  return useQuery(environmentsQuery(useApi()));
}

/**
 * Switching environment changes what every other channel answers (catalogs, purchases, auth),
 * so everything cached is refetched, not just the environment list.
 */
export function useSelectEnvironmentMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api, 'environment:select', { id }),
    onSuccess: async (environment) => {
      queryClient.setQueryData(environmentKeys.list(), (list) => (list === undefined ? list : { ...list, selectedId: environment.id }));
      await queryClient.invalidateQueries();
    },
  });
}

export function useAddEnvironmentMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EnvironmentInput) => call(api, 'environment:add', { input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: environmentKeys.all }),
  });
}

export function useUpdateEnvironmentMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EnvironmentInput }) => call(api, 'environment:update', { id, input }),
    onSuccess: async (environment) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: environmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.state(environment.id) }),
        queryClient.invalidateQueries({ queryKey: credentialKeys.status(environment.id) }),
      ]);
    },
  });
}

export function useRemoveEnvironmentMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api, 'environment:remove', { id }),
    onSuccess: async ({ removed }) => {
      queryClient.removeQueries({ queryKey: authKeys.state(removed) });
      queryClient.removeQueries({ queryKey: credentialKeys.status(removed) });
      // Removing the selected environment moves the selection, which changes every answer.
      await queryClient.invalidateQueries();
    },
  });
}

export function useSetAuthModeMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mode }: { id: string; mode: AuthMode }) => call(api, 'environment:set-auth-mode', { id, mode }),
    onSuccess: async (environment) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: environmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.state(environment.id) }),
      ]);
    },
  });
}
