import { notifyManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import type { PurchaseRecord, PurchaseState } from '../../../shared/purchase/purchase.ts';
import { purchaseKeys } from '../../api/query-keys.ts';
import { usePurchaseIndexQuery } from './purchase-queries.ts';

export interface PurchaseEvent {
  readonly id: string;
  readonly record: PurchaseRecord;
  readonly from: PurchaseState;
}

interface Entry {
  readonly createdAt: number;
  state: PurchaseState;
}

/**
 * The ids of every purchase of one environment, newest first, kept from the purchase records
 * in the query cache (which pushed updates patch). Only a new purchase changes the order, so an
 * update to an existing one re-renders its own row, not the list.
 */
export class PurchaseIndex {
  readonly #environmentId: string;
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<() => void>();
  #ids: readonly string[] = [];
  /** Purchases taken in since the order was last rebuilt. */
  #added: string[] = [];
  #scheduled = false;
  readonly onSettled: (event: PurchaseEvent) => void;

  constructor(environmentId: string, onSettled: (event: PurchaseEvent) => void) {
    this.#environmentId = environmentId;
    this.onSettled = onSettled;
  }

  /** Takes a record in; reports a purchase this index saw change into a settled state. */
  accept(record: PurchaseRecord, seed: boolean): void {
    if (record.environmentId !== this.#environmentId) return;
    const entry = this.#entries.get(record.id);
    if (entry === undefined) {
      this.#entries.set(record.id, { createdAt: record.createdAt, state: record.state });
      this.#added.push(record.id);
      this.#schedule();
      return;
    }
    const from = entry.state;
    entry.state = record.state;
    if (!seed && from !== record.state && (record.state === 'available' || record.state === 'failed' || record.state === 'outcome_unknown')) {
      this.onSettled({ id: record.id, record, from });
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => { this.#listeners.delete(listener); };
  };

  ids = (): readonly string[] => this.#ids;

  /**
   * Many records arrive in one batch: the order is rebuilt once for all of them, by sorting only
   * the new ones and merging them in. Sorting every purchase again at each batch made the list's
   * order cost grow with the square of the purchases as 1,000 arrived.
   */
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      if (this.#added.length === 0) return;
      const added = this.#added.sort(this.#newestFirst);
      this.#added = [];
      this.#ids = mergeSorted(this.#ids, added, this.#newestFirst);
      for (const listener of this.#listeners) listener();
    });
  }

  /** Newest first; ties (the same millisecond) by id, descending, so the order never depends on arrival. */
  readonly #newestFirst = (idA: string, idB: string): number => {
    const a = this.#entries.get(idA)?.createdAt ?? 0;
    const b = this.#entries.get(idB)?.createdAt ?? 0;
    return b - a || (idA < idB ? 1 : idA > idB ? -1 : 0);
  };
}

/** Two lists sorted by `order`, as one. */
function mergeSorted(left: readonly string[], right: readonly string[], order: (a: string, b: string) => number): string[] {
  const merged: string[] = [];
  let l = 0;
  let r = 0;
  while (l < left.length && r < right.length) {
    const a = left[l] ?? '';
    const b = right[r] ?? '';
    if (order(a, b) <= 0) {
      merged.push(a);
      l += 1;
    } else {
      merged.push(b);
      r += 1;
    }
  }
  for (; l < left.length; l += 1) merged.push(left[l] ?? '');
  for (; r < right.length; r += 1) merged.push(right[r] ?? '');
  return merged;
}

function isDetailKey(key: unknown): key is readonly [string, 'detail', string] {
  if (!Array.isArray(key)) return false;
  const parts: readonly unknown[] = key;
  return parts.length === 3 && parts[0] === purchaseKeys.all[0] && parts[1] === 'detail' && typeof parts[2] === 'string';
}

function watchCache(queryClient: QueryClient, index: PurchaseIndex): () => void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...purchaseKeys.all, 'detail'] })) {
    const record = queryClient.getQueryData<PurchaseRecord>(query.queryKey);
    if (record !== undefined) index.accept(record, true);
  }
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'updated') return;
    const key: unknown = event.query.queryKey;
    if (!isDetailKey(key)) return;
    const record = queryClient.getQueryData<PurchaseRecord>(key);
    if (record !== undefined) index.accept(record, false);
  });
}

export interface PurchaseIds {
  readonly ids: readonly string[];
  readonly index: ReturnType<typeof usePurchaseIndexQuery>;
}

/** Newest-first purchase ids of an environment; `onSettled` hears of each one that finishes. */
export function usePurchaseIds(environmentId: string, onSettled: (event: PurchaseEvent) => void): PurchaseIds {
  const queryClient = useQueryClient();
  const index = usePurchaseIndexQuery(environmentId);
  const onSettledRef = useLatest(onSettled);
  const [indexes] = useState(() => new Map<string, PurchaseIndex>());
  let current = indexes.get(environmentId);
  if (current === undefined) {
    // Reported after the cache has finished notifying, outside any render.
    current = new PurchaseIndex(environmentId, (event) => { notifyManager.schedule(() => { onSettledRef.fn(event); }); });
    indexes.set(environmentId, current);
  }
  useEffect(() => watchCache(queryClient, current), [queryClient, current]);
  const ids = useIdsAsTransition(current);
  return { ids, index };
}

/**
 * The index's ids, each change rendered as a transition: a thousand purchases arriving together
 * re-render the list in slices React can interrupt, where an external store (which React renders
 * synchronously) made one long task
 * (docs/decisions/renderer/011-renderer-live-updates.md#updates-in-slices). The list may trail
 * the cache by a frame; another environment's index shows its own ids at once.
 */
function useIdsAsTransition(index: PurchaseIndex): readonly string[] {
  const [shown, setShown] = useState(() => ({ index, ids: index.ids() }));
  useEffect(() => {
    const update = (): void => {
      startTransition(() => {
        setShown((current) => (current.index === index && current.ids === index.ids() ? current : { index, ids: index.ids() }));
      });
    };
    // What changed between the render and this subscription.
    update();
    return index.subscribe(update);
  }, [index]);
  return shown.index === index ? shown.ids : index.ids();
}

function useLatest<T>(value: T): { fn: T } {
  const [holder] = useState(() => ({ fn: value }));
  useEffect(() => { holder.fn = value; });
  return holder;
}
