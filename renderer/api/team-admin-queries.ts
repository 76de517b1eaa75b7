import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamAdminChange } from '../../shared/team/team-admin.ts';
import { useApi } from './api-context.tsx';
import { call } from './call.ts';
import { teamKeys } from './query-keys.ts';

/**
 * Settings → Team's "Team" panel: read as this desk, again every few seconds while it is shown, so
 * a purchase waiting for its desk (and when it may be released) stays current.
 */
export function useTeamAdminQuery(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: teamKeys.admin(), queryFn: () => call(api, 'team:admin', undefined), enabled, refetchInterval: 5000 });
}

/** One change (budget, settings, desk, release); the answer is the overview after it. */
export function useTeamAdminChangeMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TeamAdminChange) => call(api, 'team:admin-change', change),
    onSuccess: (view) => {
      queryClient.setQueryData(teamKeys.admin(), view);
    },
  });
}
