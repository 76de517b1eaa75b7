import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { purchaseKeys } from '../../api/query-keys.ts';
import { readPreference, writePreference } from '../common/local-preference.ts';

/**
 * Whether the first-run steps are hidden: by the user, or on their own once a first purchase
 * has completed (they then take room the titles need). Help → "Show the first-run steps" brings
 * them back. One store, so the header's Help and the steps agree without a reload.
 */
const storageKey = 'titledesk.demo-hint-dismissed';
/** Set once the steps were put away on their own: after that only the user decides. */
const collapsedKey = 'titledesk.demo-hint-auto-collapsed';
const listeners = new Set<() => void>();

function read(): boolean {
  return readPreference(storageKey, (value) => (typeof value === 'boolean' ? value : undefined), false);
}

export function setFirstRunHidden(hidden: boolean): void {
  writePreference(storageKey, hidden);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

export function useFirstRunHidden(): boolean {
  return useSyncExternalStore(subscribe, read);
}

function isAvailable(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'state' in data && data.state === ('available' satisfies PurchaseRecord['state']);
}

function collapse(): void {
  writePreference(collapsedKey, true);
  setFirstRunHidden(true);
}

/** Hides the steps the first time a purchase is seen completed; watches only until then. */
export function useHideFirstRunAfterFirstPurchase(shown: boolean): void {
  const queryClient = useQueryClient();
  const watching = shown && !readPreference(collapsedKey, (value) => (value === true ? true : undefined), false);
  useEffect(() => {
    if (!watching) return undefined;
    const cache = queryClient.getQueryCache();
    const isPurchase = (key: readonly unknown[]): boolean => key[0] === purchaseKeys.all[0] && key[1] === 'detail';
    if (cache.findAll({ queryKey: purchaseKeys.all }).some((query) => isPurchase(query.queryKey) && isAvailable(query.state.data))) {
      collapse();
      return undefined;
    }
    return cache.subscribe((event) => {
      if (event.type === 'updated' && isPurchase(event.query.queryKey as readonly unknown[]) && isAvailable(event.query.state.data)) collapse();
    });
  }, [queryClient, watching]);
}
