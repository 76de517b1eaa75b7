import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvancedSettings } from '../../shared/environment/environment.ts';
import { useApi } from './api-context.tsx';
import { call } from './call.ts';
import { authKeys, sandboxKeys, settingsKeys } from './query-keys.ts';

export function useSettingsQuery() {
  const api = useApi();
  return useQuery({ queryKey: settingsKeys.advanced(), queryFn: () => call(api, 'settings:get', undefined) });
}

/** New settings rebuild every environment's session in core, so cached auth states are stale. */
export function useUpdateSettingsMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (advanced: AdvancedSettings) => call(api, 'settings:update', { advanced }),
    onSuccess: async (advanced) => {
      queryClient.setQueryData(settingsKeys.advanced(), advanced);
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}

export function useSandboxInfoQuery() {
  const api = useApi();
  return useQuery({ queryKey: sandboxKeys.info(), queryFn: () => call(api, 'sandbox:info', undefined), staleTime: Infinity });
}
