import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { addressCandidateSchema, type AddressCandidate } from '../../../shared/property/address.ts';
import { readPreference, writePreference } from '../common/local-preference.ts';

/** How many of each kind are offered under the search box. */
export const recentLimit = 5;
const storageKey = 'titledesk.recent-searches';

/** Addresses and title numbers are not secret; nothing else is kept. */
const recentSchema = z.object({
  addresses: z.array(addressCandidateSchema).max(recentLimit),
  titles: z.array(z.string().min(1).max(32)).max(recentLimit),
});
export type RecentSearches = z.infer<typeof recentSchema>;

const empty: RecentSearches = { addresses: [], titles: [] };
const listeners = new Set<() => void>();
let current: RecentSearches | undefined;

function load(): RecentSearches {
  current ??= readPreference(storageKey, (value) => recentSchema.safeParse(value).data, empty);
  return current;
}

function save(next: RecentSearches): void {
  current = next;
  writePreference(storageKey, next);
  for (const notify of listeners) notify();
}

/** The newest first, each once, at most recentLimit. */
function pushFront<T>(list: readonly T[], item: T, same: (a: T, b: T) => boolean): T[] {
  return [item, ...list.filter((other) => !same(other, item))].slice(0, recentLimit);
}

export function rememberAddress(candidate: AddressCandidate): void {
  const recent = load();
  save({ ...recent, addresses: pushFront(recent.addresses, candidate, (a, b) => a.id === b.id) });
}

export function rememberTitle(titleNumber: string): void {
  const recent = load();
  save({ ...recent, titles: pushFront(recent.titles, titleNumber, (a, b) => a === b) });
}

export function clearRecentSearches(): void {
  save(empty);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** Recent searches, updated wherever an address is chosen or a title opened. */
export function useRecentSearches(): RecentSearches {
  return useSyncExternalStore(subscribe, load);
}

/** For tests: forget what was read, so the next read comes from storage again. */
export function resetRecentSearchesCache(): void {
  current = undefined;
}
