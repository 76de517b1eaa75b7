import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** How often, at most, an open list is fetched again while pushed updates keep arriving. */
export const listRefreshIntervalMs = 1000;

/**
 * Lists on screen (History's page) follow pushed updates at most once per interval. Each update
 * marks the lists stale at once, so a list opened later reads afresh; those already open are
 * fetched again straight away if the last fetch is an interval old, otherwise once at the end of
 * it. While a thousand purchases are followed, updates come about a dozen times a second, and
 * History refetched its 200 rows for every one of them.
 */
export function listRefresher(queryClient: QueryClient, queryKey: QueryKey, intervalMs = listRefreshIntervalMs) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refetch = (): void => {
    timer = undefined;
    lastAt = performance.now();
    void queryClient.refetchQueries({ queryKey, type: 'active' });
  };
  return {
    changed(): void {
      void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      if (timer !== undefined) return;
      const wait = lastAt + intervalMs - performance.now();
      if (wait <= 0) refetch();
      else timer = setTimeout(refetch, wait);
    },
    stop(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
