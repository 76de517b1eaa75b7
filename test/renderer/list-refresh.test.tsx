import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listRefresher } from '../../renderer/api/list-refresh.ts';

const listsKey = ['purchases', 'list'] as const;

beforeEach(() => { vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }); });
afterEach(() => { vi.useRealTimers(); });

/** A list on screen: an observed query under the lists key, counting its fetches. */
async function openList(queryClient: QueryClient, name: string) {
  let fetches = 0;
  const observer = new QueryObserver(queryClient, { queryKey: [...listsKey, name], queryFn: () => { fetches += 1; return Promise.resolve(fetches); }, staleTime: 30_000 });
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.advanceTimersByTimeAsync(0);
  return { fetches: () => fetches, unsubscribe };
}

describe('open lists following pushed updates', () => {
  it('fetches an open list at once for the first update, then at most once a second however many follow', async () => {
    const queryClient = new QueryClient();
    const list = await openList(queryClient, 'history');
    expect(list.fetches()).toBe(1);
    const refresh = listRefresher(queryClient, listsKey, 1000);
    refresh.changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(list.fetches()).toBe(2);
    for (let update = 0; update < 12; update += 1) {
      refresh.changed();
      await vi.advanceTimersByTimeAsync(80);
    }
    // 960 ms of updates: none fetched yet; the one fetch for all of them comes at the interval's end.
    expect(list.fetches()).toBe(2);
    await vi.advanceTimersByTimeAsync(40);
    expect(list.fetches()).toBe(3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(list.fetches()).toBe(3);
    refresh.stop();
    list.unsubscribe();
  });

  it('marks a list that is not open stale at once, so opening it reads afresh', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData([...listsKey, 'closed'], 0);
    const refresh = listRefresher(queryClient, listsKey, 1000);
    refresh.changed();
    expect(queryClient.getQueryState([...listsKey, 'closed'])?.isInvalidated).toBe(true);
    const list = await openList(queryClient, 'closed');
    expect(list.fetches()).toBe(1);
    refresh.stop();
    list.unsubscribe();
  });

  it('fetches nothing more once stopped', async () => {
    const queryClient = new QueryClient();
    const list = await openList(queryClient, 'history');
    const refresh = listRefresher(queryClient, listsKey, 1000);
    refresh.changed();
    refresh.changed();
    refresh.stop();
    await vi.advanceTimersByTimeAsync(3000);
    expect(list.fetches()).toBe(2);
    list.unsubscribe();
  });
});
