import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResolveAction } from '../../../shared/purchase/purchase.ts';
import { useApi } from '../../api/api-context.tsx';
import { call } from '../../api/call.ts';
import { journalKeys } from '../../api/query-keys.ts';
import { rememberPurchase } from './purchase-queries.ts';

/** "Send now" for a purchase that was never sent. */
export function useSendPurchaseMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api, 'purchase:send', { id }),
    onSuccess: (record) => { rememberPurchase(queryClient, record); },
  });
}

/** "Send all": every purchase that was never sent; answers with what happened to each once every send is over. */
export function useSendAllMutation() {
  const api = useApi();
  return useMutation({ mutationFn: () => call(api, 'purchase:send-all', {}) });
}

/** Buy again or abandon a purchase whose outcome is unknown. */
export function useResolvePurchaseMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { readonly id: string; readonly action: ResolveAction }) => call(api, 'purchase:resolve', { id, action }),
    onSuccess: (record) => { rememberPurchase(queryClient, record); },
  });
}

/** What the journal found wrong when the app started; read once, then kept current by journal:changed events. */
export function useJournalStatusQuery() {
  const api = useApi();
  return useQuery({ queryKey: journalKeys.status(), queryFn: () => call(api, 'journal:status', {}), staleTime: Infinity });
}
