import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ResponseOf } from '../../shared/contract/channels.ts';
import type { PurchaseRecord } from '../../shared/purchase/purchase.ts';
import { useApi } from './api-context.tsx';
import { listRefresher } from './list-refresh.ts';
import { slicedApply } from './sliced-apply.ts';
import { authKeys, batchKeys, credentialKeys, journalKeys, purchaseKeys, spendingKeys, teamKeys } from './query-keys.ts';

/**
 * The environments whose never-sent purchases `purchases` change: one is not sent now, or it is
 * among those the cache holds as not sent (it was sent again, or abandoned). Any other update
 * leaves that list as it was, so it is not fetched again for each answer while a thousand
 * purchases are followed.
 */
function notSentChangedIn(queryClient: QueryClient, purchases: readonly PurchaseRecord[]): Set<string> {
  const changed = new Set<string>();
  const listed = new Map<string, ReadonlySet<string>>();
  for (const purchase of purchases) {
    const environmentId = purchase.environmentId;
    if (changed.has(environmentId)) continue;
    let ids = listed.get(environmentId);
    if (ids === undefined) {
      const cached = queryClient.getQueryData<ResponseOf<'purchase:list'>>(purchaseKeys.notSent(environmentId));
      ids = new Set(cached?.purchases.map((record) => record.id));
      listed.set(environmentId, ids);
    }
    if (purchase.state === 'not_sent' || ids.has(purchase.id)) changed.add(environmentId);
  }
  return changed;
}

/**
 * The one place pushed events become cache updates. Mounted once, at the top of the app: an
 * event updates what it carries directly (a large one a slice at a time, sliced-apply.ts) and
 * marks derived lists stale; open lists follow at most once a second (list-refresh.ts).
 */
export function useContractEvents(): void {
  const api = useApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    const lists = listRefresher(queryClient, purchaseKeys.lists());
    const stopAuth = api.on('auth:changed', (state) => {
      queryClient.setQueryData(authKeys.state(state.environmentId), state);
      // Core forgets a refresh token the identity provider rejected: presence may have changed.
      void queryClient.invalidateQueries({ queryKey: credentialKeys.status(state.environmentId) });
    });
    const updates = slicedApply<PurchaseRecord>((purchases) => {
      for (const purchase of purchases) {
        // An answer to a request sent earlier may land after a newer pushed version: keep the newest.
        queryClient.setQueryData<PurchaseRecord>(purchaseKeys.detail(purchase.id), (cached) =>
          cached !== undefined && cached.updatedAt > purchase.updatedAt ? cached : purchase,
        );
      }
      lists.changed();
      for (const environmentId of notSentChangedIn(queryClient, purchases)) {
        void queryClient.invalidateQueries({ queryKey: purchaseKeys.notSent(environmentId) });
      }
    });
    const stopPurchases = api.on('purchase:updated', ({ purchases }) => {
      updates.push(purchases);
    });
    const stopBatches = api.on('batch:updated', (summary) => {
      queryClient.setQueryData(batchKeys.summary(summary.id), summary);
      void queryClient.invalidateQueries({ queryKey: spendingKeys.all });
    });
    const stopJournal = api.on('journal:changed', (status) => {
      // A first read still on its way would otherwise land after this newer status and replace it.
      void queryClient.cancelQueries({ queryKey: journalKeys.status() }).then(() => {
        queryClient.setQueryData(journalKeys.status(), status);
      });
    });
    const stopTeam = api.on('team:changed', (status) => {
      queryClient.setQueryData(teamKeys.status(), status);
    });
    return () => {
      stopTeam();
      updates.stop();
      lists.stop();
      stopAuth();
      stopPurchases();
      stopBatches();
      stopJournal();
    };
  }, [api, queryClient]);
}
