/**
 * Coalesces a stream of per-item updates into batches delivered at most once per interval:
 * a thousand purchases changing state become a handful of messages, each carrying the latest
 * version of every item that changed since the last one.
 */
export interface UpdateBatcher<T> {
  push(item: T): void;
  /** Delivers whatever is pending now (used on shutdown). */
  flush(): void;
  close(): void;
}

export function createUpdateBatcher<T>(options: {
  keyOf: (item: T) => string;
  deliver: (batch: T[]) => void;
  intervalMs?: number;
}): UpdateBatcher<T> {
  const intervalMs = options.intervalMs ?? 100;
  let pending = new Map<string, T>();
  let timer: NodeJS.Timeout | undefined;
  let lastDelivery = Number.NEGATIVE_INFINITY;
  let closed = false;

  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    lastDelivery = Date.now();
    options.deliver(batch);
  };

  return {
    push(item) {
      if (closed) return;
      pending.set(options.keyOf(item), item);
      if (timer !== undefined) return;
      // Leading edge when idle keeps a single change snappy; trailing edge bounds the rate.
      const wait = Math.max(0, lastDelivery + intervalMs - Date.now());
      timer = setTimeout(flush, wait);
    },
    flush,
    close() {
      flush();
      closed = true;
    },
  };
}
