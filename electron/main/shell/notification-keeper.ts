import type { PurchaseNotice } from './purchase-notices.ts';

/** One native notification, as the shell wires it (Electron's Notification in the app, a fake in tests). */
export interface ShownNotification {
  onClick(listener: () => void): void;
  onFailed(listener: (error: string) => void): void;
  show(): void;
}

/** How many notifications stay clickable; older ones may be collected with their click handler. */
export const keptNotifications = 20;

/**
 * Shows purchase notices and keeps a reference to each until it is clicked or fails: a collected
 * Notification loses its click handler. Not dropped at `close`, which Windows fires when a toast
 * times out into the Action Center, where it can still be clicked; the last few are kept instead,
 * since elsewhere `close` may never fire at all.
 */
export function createNotifier(options: {
  readonly create: (notice: PurchaseNotice) => ShownNotification;
  readonly open: (reference: string) => void;
  readonly log: (message: string) => void;
  readonly limit?: number;
}): { show(notice: PurchaseNotice): void; readonly held: number } {
  const held: ShownNotification[] = [];
  const limit = options.limit ?? keptNotifications;
  const release = (notification: ShownNotification): void => {
    const index = held.indexOf(notification);
    if (index !== -1) held.splice(index, 1);
  };
  return {
    show(notice) {
      const notification = options.create(notice);
      held.push(notification);
      if (held.length > limit) held.shift();
      notification.onClick(() => {
        release(notification);
        options.open(notice.reference);
      });
      notification.onFailed((error) => {
        release(notification);
        options.log(`A notification could not be shown (${error}): ${notice.title}`);
      });
      notification.show();
    },
    get held() {
      return held.length;
    },
  };
}
