import { join } from 'node:path';
import { app, BrowserWindow, session } from 'electron';

/**
 * Electron glue only: a locked-down window over the built renderer. All real work lives in
 * electron/core so it runs and is tested without the Electron binary.
 */
const rendererEntry = join(import.meta.dirname, '..', 'dist', 'index.html');
const preloadScript = join(import.meta.dirname, 'preload.mjs');

function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    title: 'TitleDesk',
    webPreferences: {
      preload: preloadScript,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  // The renderer never navigates or opens windows: everything it needs comes through the preload.
  window.webContents.on('will-navigate', (event) => {
    event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.once('ready-to-show', () => {
    window.show();
  });
  void window.loadFile(rendererEntry);
  return window;
}

if (!app.requestSingleInstanceLock()) {
  // Two instances must never refresh the same token or poll the same purchase.
  app.quit();
} else {
  app.on('second-instance', () => {
    const [existing] = BrowserWindow.getAllWindows();
    if (existing === undefined) return;
    if (existing.isMinimized()) existing.restore();
    existing.focus();
  });
  void app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_webContents, _permission, callback) => {
      callback(false);
    });
    createMainWindow();
  });
  app.on('window-all-closed', () => {
    app.quit();
  });
}
