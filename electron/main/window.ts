import ElectronStore from 'electron-store';
import { BrowserWindow, screen } from 'electron';
import { restoreWindowState, type WindowState } from './window-state.ts';

const sizes = { width: 1280, height: 820, minWidth: 1024, minHeight: 700 };

/**
 * The one window. Node stays out of the renderer (sandbox, context isolation, no Node
 * integration); everything the page can do goes through the preload's window.api. Its size,
 * position and maximised state come back from the last launch, fitted to today's displays.
 */
export function createMainWindow(options: { url: string; preload: string; userData: string; log: (message: string) => void }): BrowserWindow {
  const store = stateStore(options.userData);
  const primary = screen.getPrimaryDisplay();
  const others = screen.getAllDisplays().filter((display) => display.id !== primary.id);
  const restored = restoreWindowState(store.get('window'), [primary, ...others].map((display) => display.workArea), sizes);
  const window = new BrowserWindow({
    ...restored.bounds,
    minWidth: sizes.minWidth,
    minHeight: sizes.minHeight,
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
    if (restored.maximized) window.maximize();
    window.show();
  });
  window.on('close', () => { saveWindowState(window, options.userData); });
  window.loadURL(options.url).catch((error: unknown) => {
    options.log(`The window could not load the app: ${String(error)}`);
  });
  return window;
}

/** Also called on a signal, where the app exits without closing its window first. */
export function saveWindowState(window: BrowserWindow | undefined, userData: string): void {
  if (window === undefined || window.isDestroyed()) return;
  // getNormalBounds: the size to come back to when un-maximised, not the maximised one.
  const state: WindowState = { ...window.getNormalBounds(), maximized: window.isMaximized() };
  stateStore(userData).set('window', state);
}

function stateStore(userData: string): ElectronStore<{ window?: unknown }> {
  return new ElectronStore<{ window?: unknown }>({ cwd: userData, name: 'window-state' });
}

/** A second launch or a clicked notification brings the window forward. */
export function focusWindow(window: BrowserWindow | undefined): void {
  if (window === undefined || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
