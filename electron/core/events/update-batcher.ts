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

  // Timers may fire a little early, so the wait is measured on a monotonic clock and the
  // timer is re-armed for whatever is left: deliveries are never closer than the interval.
  const remainingWait = (): number => Math.max(0, lastDelivery + intervalMs - performance.now());
  const onTimer = (): void => {
    const wait = remainingWait();
    if (wait > 0) timer = setTimeout(onTimer, Math.ceil(wait));
    else flush();
  };

  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    lastDelivery = performance.now();
    options.deliver(batch);
  };

  return {
    push(item) {
      if (closed) return;
      pending.set(options.keyOf(item), item);
      if (timer !== undefined) return;
      // Leading edge when idle keeps a single change snappy; trailing edge bounds the rate.
      timer = setTimeout(onTimer, Math.ceil(remainingWait()));
    },
    flush,
    close() {
      flush();
      closed = true;
    },
  };
}
