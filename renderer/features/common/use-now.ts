import { useSyncExternalStore } from 'react';

/**
 * One shared one-second clock for every countdown on screen: a thousand pending rows tick
 * with one timer, and only the rows that are mounted (visible) listen to it.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function snapshot(): number {
  return now;
}

/** The current time, refreshed each second while `active`; a fixed value otherwise. */
export function useNow(active = true): number {
  return useSyncExternalStore(active ? subscribe : subscribeNever, snapshot);
}

function subscribeNever(): () => void {
  return () => undefined;
}
