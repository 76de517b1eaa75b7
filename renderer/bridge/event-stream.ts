import { nextTask, pageTurnAfterMs } from './next-task.ts';
import { SseParser } from './sse-parser.ts';

export interface EventStreamOptions {
  /** Opens the stream; the response body is read as text/event-stream. */
  readonly open: (signal: AbortSignal) => Promise<Response>;
  /** Delay before reconnect attempt n (1-based); grows so a stopped host is not hammered. */
  readonly retryDelayMs?: (attempt: number) => number;
  /** The page's clock in milliseconds, for slicing the events of one read; performance.now by default. */
  readonly now?: () => number;
}

type DataListener = (data: string) => void;

const defaultRetryDelay = (attempt: number): number => Math.min(500 * 2 ** (attempt - 1), 10_000);

/**
 * One server-sent event connection shared by every subscriber, opened with the first and
 * closed with the last. When it drops (the host restarted, the machine slept) it reconnects.
 */
export class EventStream {
  readonly #options: EventStreamOptions;
  readonly #listeners = new Map<string, Set<DataListener>>();
  #controller: AbortController | undefined;

  constructor(options: EventStreamOptions) {
    this.#options = options;
  }

  subscribe(event: string, listener: DataListener): () => void {
    const set = this.#listeners.get(event) ?? new Set<DataListener>();
    set.add(listener);
    this.#listeners.set(event, set);
    if (this.#controller === undefined) this.#start();
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(event);
      if (this.#listeners.size === 0) this.#stop();
    };
  }

  #start(): void {
    const controller = new AbortController();
    this.#controller = controller;
    void this.#run(controller.signal);
  }

  #stop(): void {
    this.#controller?.abort();
    this.#controller = undefined;
  }

  async #run(signal: AbortSignal): Promise<void> {
    let attempt = 0;
    while (!signal.aborted) {
      const received = await this.#readOnce(signal);
      attempt = received ? 1 : attempt + 1;
      await wait((this.#options.retryDelayMs ?? defaultRetryDelay)(attempt), signal);
    }
  }

  /** Reads until the stream ends or fails; true when the connection was established. */
  async #readOnce(signal: AbortSignal): Promise<boolean> {
    let response: Response;
    try {
      response = await this.#options.open(signal);
    } catch {
      return false;
    }
    if (!response.ok || response.body === null) return false;
    const parser = new SseParser();
    const now = this.#options.now ?? (() => performance.now());
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        // A page that was busy, or in the background, finds several events in one read: they
        // would otherwise all run in one task.
        let sliceStart = now();
        for (const message of parser.push(value)) {
          if (now() - sliceStart >= pageTurnAfterMs) {
            await nextTask();
            if (signal.aborted) return true;
            sliceStart = now();
          }
          this.#deliver(message.event, message.data);
        }
      }
    } catch {
      // A dropped connection or an abort: the loop above decides whether to reconnect.
    } finally {
      reader.releaseLock();
    }
    return true;
  }

  #deliver(event: string, data: string): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) listener(data);
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
