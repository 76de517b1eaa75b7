import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxFaults } from '../../shared/environment/sandbox-faults.ts';
import { useApi } from './api-context.tsx';
import { call } from './call.ts';
import { sandboxKeys } from './query-keys.ts';
import { useSandboxInfoQuery } from './settings-queries.ts';

/** What the built-in Sandbox simulates now; only asked where one runs. */
export function useSandboxFaultsQuery() {
  const api = useApi();
  const running = useSandboxInfoQuery().data?.running === true;
  return useQuery({ queryKey: sandboxKeys.faults(), queryFn: () => call(api, 'sandbox:faults', undefined), enabled: running });
}

export function useSetSandboxFaultsMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (faults: SandboxFaults) => call(api, 'sandbox:set-faults', faults),
    onSuccess: (faults) => { queryClient.setQueryData(sandboxKeys.faults(), faults); },
  });
}
