import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamSetting } from '../../shared/team/team-setting.ts';
import { useApi } from './api-context.tsx';
import { call } from './call.ts';
import { teamKeys } from './query-keys.ts';

/** Settings → Team: the setting and whether a password is kept; the password itself never comes back. */
export function useTeamQuery() {
  const api = useApi();
  return useQuery({ queryKey: teamKeys.setting(), queryFn: () => call(api, 'team:get', undefined) });
}

/**
 * The password is read from the form when the call is made (`password()`), never passed as the
 * mutation's variables: those stay in the query cache after the call, the password must not.
 */
export function useSaveTeamMutation(password: () => string | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: TeamSetting) => {
      const typed = password();
      return call(api, 'team:save', { setting, ...(typed === undefined ? {} : { password: typed }) });
    },
    onSuccess: (view) => {
      queryClient.setQueryData(teamKeys.setting(), view);
    },
  });
}

/** Tests the form's values (the typed password, else the saved one); nothing is saved. */
export function useTestTeamMutation(password: () => string | undefined) {
  const api = useApi();
  return useMutation({
    mutationFn: (setting: TeamSetting) => {
      const typed = password();
      return call(api, 'team:test', { setting, ...(typed === undefined ? {} : { password: typed }) });
    },
  });
}

export function useLeaveTeamMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api, 'team:leave', undefined),
    onSuccess: (view) => {
      queryClient.setQueryData(teamKeys.setting(), view);
    },
  });
}

/** The link to the team database, kept current by the core's team:changed events (use-contract-events.ts). */
export function useTeamStatusQuery() {
  const api = useApi();
  return useQuery({ queryKey: teamKeys.status(), queryFn: () => call(api, 'team:status', undefined) });
}
