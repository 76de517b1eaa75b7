import { app, Menu, Notification, shell, type BrowserWindow, type IpcMain, type IpcMainEvent } from 'electron';
import { pageListeningChannel } from '../../../shared/contract/channel-names.ts';
import { eventChannels } from '../../../shared/contract/channels.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import type { ContractEvents } from '../../core/router/router-types.ts';
import { buildMenuTemplate } from './app-menu.ts';
import { createNotifier } from './notification-keeper.ts';
import { createOpenPurchaseQueue } from './open-purchase-queue.ts';
import { createPurchaseWatch } from './purchase-notices.ts';
import { focusWindow } from '../window/window.ts';

/**
 * What makes TitleDesk a native app beyond its window: the application menu, notifications when
 * a purchase ends while the window is in the background, and the pending count on the badge.
 */
export function installMenu(log: (message: string) => void): void {
  app.setAboutPanelOptions({ applicationName: 'TitleDesk', applicationVersion: app.getVersion(), copyright: 'Copyright © TitleDesk' });
  const open = (path: string): void => {
    void shell.openPath(path).then((problem) => { if (problem !== '') log(`Could not open ${path}: ${problem}`); });
  };
  const template = buildMenuTemplate({
    platform: process.platform,
    packaged: app.isPackaged,
    appName: 'TitleDesk',
    actions: {
      showAbout: () => { app.showAboutPanel(); },
      openDataFolder: () => { open(app.getPath('userData')); },
      openLogsFolder: () => { open(app.getPath('logs')); },
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

export interface PurchaseOpener {
  /** Opens a purchase in the window's Look up and checks it (a link, or a clicked notification). */
  open(reference: string): void;
  /** Holds requests again whenever the window loads a new page. */
  watch(window: BrowserWindow): void;
  dispose(): void;
}

/** Sends app:open-purchase only once the page listens for it (open-purchase-queue.ts). */
export function createPurchaseOpener(options: {
  ipc: Pick<IpcMain, 'on' | 'removeListener'>;
  window: () => BrowserWindow | undefined;
  isTrustedSender: (event: IpcMainEvent) => boolean;
}): PurchaseOpener {
  const queue = createOpenPurchaseQueue((reference) => {
    const window = options.window();
    if (window === undefined || window.isDestroyed()) return;
    window.webContents.send('app:open-purchase', eventChannels['app:open-purchase'].parse({ reference }));
  });
  const onListening = (event: IpcMainEvent, channel: unknown): void => {
    if (channel === 'app:open-purchase' && options.isTrustedSender(event)) queue.listening();
  };
  options.ipc.on(pageListeningChannel, onListening);
  return {
    open(reference) {
      focusWindow(options.window());
      queue.open(reference);
    },
    watch(window) {
      window.webContents.on('did-start-navigation', (details) => {
        if (details.isMainFrame && !details.isSameDocument) queue.reset();
      });
    },
    dispose() {
      options.ipc.removeListener(pageListeningChannel, onListening);
    },
  };
}

export function watchPurchases(options: {
  events: ContractEvents;
  journaled: readonly PurchaseRecord[];
  window: () => BrowserWindow | undefined;
  /** What a clicked notification opens. */
  open: (reference: string) => void;
  /** Tests observe notifications from the main process through this. */
  onNotice?: (title: string) => void;
  log: (message: string) => void;
}): () => void {
  const watch = createPurchaseWatch();
  watch.seed(options.journaled);
  const notifier = createNotifier({
    create: (notice) => {
      const notification = new Notification({ title: notice.title, body: notice.body });
      return {
        onClick: (listener) => { notification.on('click', listener); },
        onFailed: (listener) => { notification.on('failed', (_event, error) => { listener(error); }); },
        show: () => { notification.show(); },
      };
    },
    open: options.open,
    log: options.log,
  });
  showBadge(watch.pendingCount, options.window());
  return options.events.subscribe((channel, payload) => {
    if (channel !== 'purchase:updated') return;
    const parsed = eventChannels['purchase:updated'].safeParse(payload);
    if (!parsed.success) return;
    const window = options.window();
    const focused = window !== undefined && !window.isDestroyed() && window.isFocused();
    for (const notice of watch.update(parsed.data.purchases, focused)) {
      options.onNotice?.(notice.title);
      if (Notification.isSupported()) notifier.show(notice);
    }
    showBadge(watch.pendingCount, window);
  });
}

function showBadge(count: number, window: BrowserWindow | undefined): void {
  if (process.platform === 'win32') {
    // Windows has no badge count; the taskbar button shows the window title instead.
    if (window !== undefined && !window.isDestroyed()) window.setTitle(count > 0 ? `TitleDesk (${count} pending)` : 'TitleDesk');
    return;
  }
  // macOS: the Dock icon; Linux: launchers that support the Unity LauncherEntry API.
  app.setBadgeCount(count);
}
