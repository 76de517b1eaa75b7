import Conf from 'conf';
import { BrowserWindow, screen } from 'electron';
import { privateFileMode } from '../../core/files/private-files.ts';
import { restoreWindowState, type WindowState } from './window-state.ts';
import { windowStateFile, type WindowStateFile } from './window-state-file.ts';

const sizes = { width: 1280, height: 820, minWidth: 1024, minHeight: 700 };

/**
 * The one window. Node stays out of the renderer (sandbox, context isolation, no Node
 * integration); everything the page can do goes through the preload's window.api. Its size,
 * position and maximised state come back from the last launch, fitted to today's displays.
 */
export function createMainWindow(options: { url: string; preload: string; userData: string; log: (message: string) => void }): BrowserWindow {
  const state = stateFile(options.userData, options.log);
  const primary = screen.getPrimaryDisplay();
  const others = screen.getAllDisplays().filter((display) => display.id !== primary.id);
  const restored = restoreWindowState(state.load(), [primary, ...others].map((display) => display.workArea), sizes);
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
  window.on('close', () => { saveWindowState(window, options.userData, options.log); });
  // The main process owns the title: on Windows it carries the pending count (shell/desktop-shell.ts),
  // which the page's own <title> would otherwise replace when it loads.
  window.on('page-title-updated', (event) => { event.preventDefault(); });
  window.loadURL(options.url).catch((error: unknown) => {
    options.log(`The window could not load the app: ${String(error)}`);
  });
  return window;
}

/** Also called on a signal, where the app exits without closing its window first. Never throws. */
export function saveWindowState(window: BrowserWindow | undefined, userData: string, log: (message: string) => void): void {
  if (window === undefined || window.isDestroyed()) return;
  // getNormalBounds: the size to come back to when un-maximised, not the maximised one.
  stateFile(userData, log).save({ ...window.getNormalBounds(), maximized: window.isMaximized() });
}

function stateFile(userData: string, log: (message: string) => void): WindowStateFile {
  return windowStateFile({ folder: userData, open: () => new Conf<{ window?: WindowState }>({ cwd: userData, configName: 'window-state', projectName: 'titledesk', configFileMode: privateFileMode }), log });
}

/** A second launch or a clicked notification brings the window forward. */
export function focusWindow(window: BrowserWindow | undefined): void {
  if (window === undefined || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
