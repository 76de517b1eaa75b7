import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { Slots } from '../../../../electron/core/concurrency/slots.ts';

describe('slots', () => {
  it('lets at most its size in at once, the others in order of arrival as slots are released', async () => {
    const slots = new Slots(2);
    const order: number[] = [];
    const releases = await Promise.all([slots.acquire(), slots.acquire()]);
    const waiting = [3, 4, 5].map(async (n) => {
      const release = await slots.acquire();
      order.push(n);
      return release;
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    releases[0]?.();
    releases[0]?.(); // a second call frees nothing more
    const third = await waiting[0];
    expect(order).toEqual([3]);
    releases[1]?.();
    third?.();
    await Promise.all(waiting);
    expect(order).toEqual([3, 4, 5]);
  });

  it('gives up a wait when its signal aborts, holding nothing', async () => {
    const slots = new Slots(1);
    const held = await slots.acquire();
    const closing = new AbortController();
    const abandoned = slots.acquire(closing.signal);
    const next = slots.acquire();
    closing.abort();
    expect(await abandoned).toBeUndefined();
    held?.();
    expect(await next).toBeTypeOf('function');
    expect(await slots.acquire(closing.signal)).toBeUndefined();
  });

  it('watches a signal with one listener however many wait on it', async () => {
    const slots = new Slots(1);
    const held = await slots.acquire();
    const closing = new AbortController();
    const waiting = Array.from({ length: 1000 }, () => slots.acquire(closing.signal));
    await Promise.resolve();
    expect(getEventListeners(closing.signal, 'abort')).toHaveLength(1);
    closing.abort();
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 1000 }, () => undefined));
    held?.();
  });

  it('gives a freed slot to the first lane before the last, each lane in order of arrival', async () => {
    const slots = new Slots(1);
    const held = await slots.acquire();
    const order: string[] = [];
    const wait = (name: string, lane: 'first' | 'last'): Promise<void> => slots.acquire(undefined, lane).then((release) => {
      order.push(name);
      // Each holder hands its slot on at once, so the order of admission is the order of the queue.
      release?.();
    });
    const all = [wait('post 1', 'last'), wait('get 1', 'first'), wait('post 2', 'last'), wait('get 2', 'first')];
    await Promise.resolve();
    expect(order).toEqual([]);
    held?.();
    await Promise.all(all);
    expect(order).toEqual(['get 1', 'get 2', 'post 1', 'post 2']);
  });

  it('skips a waiter of the first lane that gave up, and the slot goes on to the next', async () => {
    const slots = new Slots(1);
    const held = await slots.acquire();
    const closing = new AbortController();
    const gone = slots.acquire(closing.signal, 'first');
    const post = slots.acquire(undefined, 'last');
    closing.abort();
    expect(await gone).toBeUndefined();
    held?.();
    expect(await post).toBeTypeOf('function');
  });

  it('keeps one of four slots from the first lane while the last lane waits; below that, the first lane goes first again', async () => {
    const slots = new Slots(4);
    const gets = await Promise.all([1, 2, 3, 4].map(() => slots.acquire(undefined, 'first')));
    const order: string[] = [];
    const wait = (name: string, lane: 'first' | 'last'): Promise<(() => void) | undefined> => slots.acquire(undefined, lane).then((release) => {
      order.push(name);
      return release;
    });
    const post = wait('post', 'last');
    const nextGets = [wait('get 5', 'first'), wait('get 6', 'first')];
    // Three of four slots held by GETs is all the first lane may have while a POST waits.
    gets[0]?.();
    await post;
    expect(order).toEqual(['post']);
    // The POST holds the kept slot: with two of the other three, the first lane goes ahead of a later POST again.
    const laterPost = wait('later post', 'last');
    gets[1]?.();
    await nextGets[0];
    expect(order).toEqual(['post', 'get 5']);
    gets[2]?.();
    await nextGets[1];
    expect(order).toEqual(['post', 'get 5', 'get 6']);
    gets[3]?.();
    await laterPost;
    expect(order).toEqual(['post', 'get 5', 'get 6', 'later post']);
  });

  /**
   * Every slot held by a GET, then more purchases waiting to be sent and more GETs come due than
   * there are slots; each GET holding a slot lets it go in turn, and whoever gets it keeps it.
   * Returns how many slots the purchases being sent end up holding.
   */
  async function slotsLeftToSending(size: number): Promise<number> {
    const slots = new Slots(size);
    const gets = await Promise.all(Array.from({ length: size }, () => slots.acquire(undefined, 'first')));
    let sending = 0;
    const posts = Array.from({ length: size }, () => slots.acquire(undefined, 'last').then((release) => {
      sending += 1;
      return release;
    }));
    const laterGets = Array.from({ length: size }, () => slots.acquire(undefined, 'first'));
    for (const release of gets) {
      release?.();
      // Whoever got the slot holds it before the next one is let go.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const held = sending;
    // Lets everyone through, so that nothing is left waiting when the test ends.
    for (const waiting of [...laterGets, ...posts]) void waiting.then((release) => release?.());
    return held;
  }

  it('keeps one slot in sixteen for purchases being sent (one from four up, none of fewer)', async () => {
    // 16 slots (the default): one POST at a time goes out while GETs that came due hold the other 15.
    expect(await slotsLeftToSending(16)).toBe(1);
    expect(await slotsLeftToSending(32)).toBe(2);
    expect(await slotsLeftToSending(8)).toBe(1);
    expect(await slotsLeftToSending(4)).toBe(1);
    expect(await slotsLeftToSending(3)).toBe(0);
  });
});
