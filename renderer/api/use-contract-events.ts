import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PurchaseRecord } from '../../shared/purchase.ts';
import { useApi } from './api-context.tsx';
import { authKeys, batchKeys, credentialKeys, purchaseKeys, spendingKeys } from './query-keys.ts';

/**
 * The one place pushed events become cache updates. Mounted once, at the top of the app: an
 * event updates what it carries directly and marks derived lists stale for their next read.
 */
export function useContractEvents(): void {
  const api = useApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopAuth = api.on('auth:changed', (state) => {
      queryClient.setQueryData(authKeys.state(state.environmentId), state);
      // Core forgets a refresh token the identity provider rejected: presence may have changed.
      void queryClient.invalidateQueries({ queryKey: credentialKeys.status(state.environmentId) });
    });
    const stopPurchases = api.on('purchase:updated', ({ purchases }) => {
      for (const purchase of purchases) {
        // An answer to a request sent earlier may land after a newer pushed version: keep the newest.
        queryClient.setQueryData<PurchaseRecord>(purchaseKeys.detail(purchase.id), (cached) =>
          cached !== undefined && cached.updatedAt > purchase.updatedAt ? cached : purchase,
        );
      }
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.lists() });
    });
    const stopBatches = api.on('batch:updated', (summary) => {
      queryClient.setQueryData(batchKeys.summary(summary.id), summary);
      void queryClient.invalidateQueries({ queryKey: spendingKeys.all });
    });
    return () => {
      stopAuth();
      stopPurchases();
      stopBatches();
    };
  }, [api, queryClient]);
}
