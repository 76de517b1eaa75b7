import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import type { PurchaseOptions, PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import type { TitleDeskApi } from '../../../shared/contract/api.ts';
import { useApi } from '../../api/api-context.tsx';
import { call } from '../../api/call.ts';
import { purchaseKeys, spendingKeys } from '../../api/query-keys.ts';
import { resourceRequest } from '../common/resource-words.ts';

/**
 * Keys of this feature, under the shared purchase root so an environment switch (which
 * invalidates everything) refreshes them too. The index is not under purchaseKeys.lists():
 * pushed updates patch it row by row instead of refetching a thousand records.
 */
export const purchasePanelKeys = {
  index: (environmentId: string) => [...purchaseKeys.all, 'index', environmentId] as const,
};

/** The most purchases the panel lists (the contract's own page limit). */
export const panelLimit = 1000;

/** Stores a record unless the cache already holds a later version of it. */
export function rememberPurchase(queryClient: QueryClient, record: PurchaseRecord): void {
  const cached = queryClient.getQueryData<PurchaseRecord>(purchaseKeys.detail(record.id));
  if (cached !== undefined && cached.updatedAt > record.updatedAt) return;
  queryClient.setQueryData(purchaseKeys.detail(record.id), record);
}

export function usePurchaseIndexQuery(environmentId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: purchasePanelKeys.index(environmentId),
    queryFn: async () => {
      const { purchases } = await call(api, 'purchase:list', { environmentId, limit: panelLimit });
      for (const record of purchases) rememberPurchase(queryClient, record);
      return purchases;
    },
    staleTime: Infinity,
  });
}

export function usePurchaseQuery(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: purchaseKeys.detail(id),
    queryFn: () => call(api, 'purchase:get', { id }),
    // Kept current by pushed updates; fetched only when nothing is cached yet.
    staleTime: Infinity,
  });
}

export interface CreatePurchaseInput {
  /** The catalog bought from: a title's, a postal address's or a UPRN's. */
  readonly resource: CatalogResource;
  /** The address the title (or the address's catalog) was reached from, kept on the record. */
  readonly address?: string | undefined;
  readonly variables: readonly string[];
  readonly options: PurchaseOptions;
  /** "Buy again anyway": do not reuse variables bought recently. */
  readonly buyAgain?: boolean;
  /** The second confirmation of a purchase above the environment's threshold. */
  readonly confirmed?: boolean;
}

export function useCreatePurchaseMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resource, address, variables, options, buyAgain, confirmed }: CreatePurchaseInput) =>
      call(api, 'purchase:create', { ...resourceRequest(resource), variables: [...variables], options, ...(address === undefined ? {} : { address }), ...(buyAgain === true ? { buyAgain } : {}), ...(confirmed === true ? { confirmed } : {}) }),
    onSuccess: (record) => {
      rememberPurchase(queryClient, record);
      // What was spent changed: the budget left in the buy bar and History's spend follow.
      void queryClient.invalidateQueries({ queryKey: spendingKeys.all });
    },
  });
}

function usePurchaseAction(channel: 'purchase:recheck' | 'purchase:cancel') {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api, channel, { id }),
    onSuccess: (record) => { rememberPurchase(queryClient, record); },
  });
}

/** Follows a failed, stopped or outcome-unknown purchase again. */
export function useRecheckPurchaseMutation() {
  return usePurchaseAction('purchase:recheck');
}

/** Stops following a pending purchase; it can be checked again later. */
export function useCancelPurchaseMutation() {
  return usePurchaseAction('purchase:cancel');
}

export interface CheckInput {
  /** A purchase id or result URL. */
  readonly reference: string;
  /** Keep following it until it settles. */
  readonly watch: boolean;
  /** Keep it in the history even if the service does not know it (404). */
  readonly keep?: boolean;
}

/** The check itself, for every mutation that makes one (Look up, a purchase's view, History's rows). */
export function checkPurchase(api: TitleDeskApi, { reference, watch, keep }: CheckInput): Promise<PurchaseRecord> {
  return call(api, 'purchase:check', { reference: reference.trim(), wait: watch, ...(keep === true ? { keep: true } : {}) });
}

/** One GET now, or watch until done; a purchase not in the history yet joins it. */
export function useCheckPurchaseMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInput) => checkPurchase(api, input),
    onSuccess: (record) => { rememberPurchase(queryClient, record); },
  });
}
