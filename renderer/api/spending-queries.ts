import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SpendingSettings } from '../../shared/money/spending.ts';
import { useApi } from './api-context.tsx';
import { call } from './call.ts';
import { spendingKeys } from './query-keys.ts';


export function useSpendingStatusQuery(environmentId: string) {
  const api = useApi();
  return useQuery({ queryKey: spendingKeys.status(environmentId), queryFn: () => call(api, 'spending:status', { environmentId }) });
}

export function useSpendingHistoryQuery(environmentId: string) {
  const api = useApi();
  return useQuery({ queryKey: spendingKeys.history(environmentId), queryFn: () => call(api, 'spending:history', { environmentId }) });
}

export interface SpendingUpdate {
  readonly environmentId: string;
  readonly settings: SpendingSettings;
  readonly reuseDays: number;
  readonly batchConcurrency: number;
}

export function useUpdateSpendingMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SpendingUpdate) => call(api, 'spending:update', { ...update, settings: update.settings }),
    onSuccess: async (status) => {
      queryClient.setQueryData(spendingKeys.status(status.environmentId), status);
      await queryClient.invalidateQueries({ queryKey: spendingKeys.all });
    },
  });
}
