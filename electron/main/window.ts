import { BrowserWindow } from 'electron';

/**
 * The one window. Node stays out of the renderer (sandbox, context isolation, no Node
 * integration); everything the page can do goes through the preload's window.api.
 */
export function createMainWindow(options: { url: string; preload: string; log: (message: string) => void }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    title: 'TitleDesk',
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // A middle click would otherwise ask for a new window; the open handler refuses it anyway.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => {
    window.show();
  });
  window.loadURL(options.url).catch((error: unknown) => {
    options.log(`The window could not load the app: ${String(error)}`);
  });
  return window;
}

/** A second launch brings the first instance's window forward instead of starting another. */
export function focusWindow(window: BrowserWindow | undefined): void {
  if (window === undefined || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
