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
