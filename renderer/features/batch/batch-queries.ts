import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatchFrom, BatchSummary, BatchTenure } from '../../../shared/purchase/batch.ts';
import { useApi } from '../../api/api-context.tsx';
import { call } from '../../api/call.ts';
import { batchKeys } from '../../api/query-keys.ts';


export interface PreviewInput {
  readonly source: string;
  readonly csv: string;
  readonly variables: readonly string[];
  readonly tenure: BatchTenure;
  /** Which catalog an address row buys from: its titles (as always), the address's own, or its UPRN's. */
  readonly from: BatchFrom;
  readonly buyAgain: boolean;
}

/** Resolves and prices every row and journals the batch as a draft: nothing is bought yet. */
export function usePreviewBatchMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PreviewInput) =>
      call(api, 'batch:preview', { source: input.source, csv: input.csv, variables: [...input.variables], tenure: input.tenure, ...(input.from === 'titles' ? {} : { from: input.from }), ...(input.buyAgain ? { reuseDays: 0 } : {}) }),
    onSuccess: ({ batch, items }) => {
      queryClient.setQueryData(batchKeys.summary(batch.id), batch);
      queryClient.setQueryData(batchKeys.items(batch.id), items);
    },
  });
}

export function useBatchQuery(id: string) {
  const api = useApi();
  return useQuery({ queryKey: batchKeys.summary(id), queryFn: () => call(api, 'batch:get', { id }), staleTime: Infinity });
}

/**
 * Every line. While the batch runs they are read again once a second rather than on every
 * batch:updated event: ten thousand lines ten times a second would swamp the page.
 */
export function useBatchItemsQuery(id: string, live: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: batchKeys.items(id),
    queryFn: async () => (await call(api, 'batch:items', { id })).items,
    staleTime: Infinity,
    refetchInterval: live ? 1000 : false,
  });
}

export function useBatchAction(channel: 'batch:start' | 'batch:pause' | 'batch:cancel') {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api, channel, { id }),
    onSuccess: (summary: BatchSummary) => { queryClient.setQueryData(batchKeys.summary(summary.id), summary); },
  });
}

export function useExportBatchMutation() {
  const api = useApi();
  return useMutation({ mutationFn: ({ id, format }: { id: string; format: 'csv' | 'xlsx' | 'json' }) => call(api, 'batch:export', { id, format }) });
}
