import { nextTask, pageTurnAfterMs } from '../bridge/next-task.ts';

/** Items applied between two looks at the clock. */
const chunkSize = 25;

export interface SlicedApply<T> {
  /** Applies what it can now, in order after everything pushed before; the rest follows in later tasks. */
  push(items: readonly T[]): void;
  /** Drops what is still waiting. */
  stop(): void;
}

/**
 * Applies pushed items a slice at a time. One purchase:updated event carries every purchase that
 * changed within its interval, up to a thousand when a thousand are followed: putting each into
 * the query cache in one task (with its structural sharing and its observers told) made long
 * tasks (docs/decisions/renderer/011-renderer-live-updates.md#updates-in-slices). Items keep
 * their order across events, and a small event is applied at once, in the task that brought it.
 */
export function slicedApply<T>(apply: (items: readonly T[]) => void, now: () => number = () => performance.now()): SlicedApply<T> {
  const queue: T[] = [];
  let draining = false;
  let stopped = false;

  async function drain(): Promise<void> {
    draining = true;
    try {
      for (;;) {
        const sliceStart = now();
        while (queue.length > 0 && now() - sliceStart < pageTurnAfterMs) apply(queue.splice(0, chunkSize));
        if (queue.length === 0 || stopped) return;
        await nextTask();
      }
    } finally {
      draining = false;
    }
  }

  return {
    push(items) {
      if (stopped) return;
      queue.push(...items);
      if (!draining) void drain();
    },
    stop() {
      stopped = true;
      queue.length = 0;
    },
  };
}
