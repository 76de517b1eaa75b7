import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';

/** Why a batch is waiting for the service, and when it tries again (epoch ms). */
export interface ServiceWaitState {
  readonly reason: string;
  readonly retryAt: number;
}

/** The first wait after an outage is seen, doubled at each failed try, up to the last. */
const waitsMs = { first: 5_000, longest: 60_000 } as const;

/**
 * A purchase the service certainly did not take: its POST never left (not sent), or the service
 * answered 503 without giving it a result address. Nothing was charged, so its line is neither
 * failed nor spent: it waits for the service and goes out again.
 */
export function serviceDidNotTake(record: PurchaseRecord): boolean {
  if (record.state === 'not_sent') return true;
  return record.state === 'failed' && record.resultUrl === undefined && record.error?.code === 'service_unavailable';
}

/**
 * A batch's wait for a service that is down: lines stop going out, and after each wait one line
 * alone tries again; an answer ends the wait, another refusal doubles it.
 */
export class ServiceWait {
  readonly #now: () => number;
  #state: ServiceWaitState | undefined;
  #nextWaitMs: number = waitsMs.first;
  #wake: (() => void) | undefined;

  constructor(now: () => number) {
    this.#now = now;
  }

  get state(): ServiceWaitState | undefined {
    return this.#state;
  }

  /** A line came back untaken; while a wait is already running, its end is kept. */
  refused(reason: string): void {
    if (this.#state !== undefined && this.#state.retryAt > this.#now()) return;
    this.#state = { reason, retryAt: this.#now() + this.#nextWaitMs };
    this.#nextWaitMs = Math.min(this.#nextWaitMs * 2, waitsMs.longest);
  }

  /** The service took a purchase: the wait is over. */
  answered(): void {
    this.#state = undefined;
    this.#nextWaitMs = waitsMs.first;
  }

  /** Resolves when it is time to try again, or at once when `interrupt()` is called. */
  async untilDue(): Promise<void> {
    const state = this.#state;
    if (state === undefined) return;
    const delay = state.retryAt - this.#now();
    if (delay <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, delay);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
    this.#wake = undefined;
  }

  /** Ends a running wait early (a pause, a cancel or a shutdown). */
  interrupt(): void {
    this.#wake?.();
  }
}
