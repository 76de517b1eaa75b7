/**
 * How long work started by one event may run before the page gets a turn (nextTask): long enough
 * for a few updates, well short of the 50 ms at which a task is a long task.
 */
export const pageTurnAfterMs = 10;

/**
 * Resolves in a task of its own: input, rendering and timers queued meanwhile run first. A
 * message rather than setTimeout, which holds timers nested five deep back at least 4 ms each.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
