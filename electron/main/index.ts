import { join } from 'node:path';
import { app, dialog, session, type BrowserWindow } from 'electron';
import { startCore, type StartedCore } from '../core/app/start-core.ts';
import { ElectronSettingsStore } from './electron-settings-store.ts';
import { createPdfPrinter } from './pdf-printer.ts';
import { createSenderCheck, forwardEvents, registerContract } from './ipc.ts';
import { devServerUrl, rendererUrl } from './renderer-files.ts';
import { registerRendererScheme, serveRenderer } from './renderer-protocol.ts';
import { createSecretStore } from './safe-storage-secret-store.ts';
import { createShutdown, type ShutdownStep } from './shutdown.ts';
import { hardenAllWebContents, hardenSession } from './web-security.ts';
import { createMainWindow, focusWindow } from './window.ts';

/**
 * Electron glue only: the secure window, IPC onto the contract router, and a clean quit. All real
 * work lives in electron/core so it runs and is tested without the Electron binary.
 */
const log = (message: string): void => {
  console.error(`[titledesk] ${message}`);
};

// Tests point userData at a scratch folder; a packaged app always uses the OS location.
const userDataOverride = process.env['TITLEDESK_USER_DATA_DIR'];
if (!app.isPackaged && userDataOverride !== undefined && userDataOverride !== '') app.setPath('userData', userDataOverride);

// Both must happen before 'ready'.
app.enableSandbox();
registerRendererScheme();

let mainWindow: BrowserWindow | undefined;
let started: StartedCore | undefined;
const cleanups: (() => void)[] = [];

const currentContents = () => (mainWindow === undefined || mainWindow.isDestroyed() ? undefined : mainWindow.webContents);

const shutdown = createShutdown({
  steps: (): ShutdownStep[] => [
    { name: 'IPC and event forwarding', run: () => { for (const cleanup of cleanups.splice(0)) cleanup(); } },
    // Stops token refresh and the purchase poller, closes the journal, then the embedded sandbox.
    { name: 'core and sandbox', run: () => started?.close() },
  ],
  onError: (step, error) => {
    log(`Closing ${step} failed: ${String(error)}`);
  },
});

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession);
  const userData = app.getPath('userData');
  const secrets = await createSecretStore(userData, log);
  if (secrets.note !== undefined) log(secrets.note);
  const settings = new ElectronSettingsStore(userData);
  // The embedded sandbox (the default environment) keeps its purchases and port under userData.
  started = await startCore({ dataDir: userData, secrets: secrets.store, settings, printer: createPdfPrinter(currentContents) });
  const { core } = started;

  const devUrl = devServerUrl(process.env['VITE_DEV_SERVER_URL'], app.isPackaged);
  const url = devUrl ?? rendererUrl;
  if (devUrl === undefined) serveRenderer(session.defaultSession, join(app.getAppPath(), 'dist'));
  // Handlers exist before the page loads, so its first calls never race registration.
  cleanups.push(
    registerContract({ channels: core.channels, router: core.router, isTrustedSender: createSenderCheck(currentContents, url) }),
    forwardEvents(core.events, currentContents),
  );
  mainWindow = createMainWindow({ url, preload: join(import.meta.dirname, 'preload.mjs'), log });
}

if (!app.requestSingleInstanceLock()) {
  // Two instances must never refresh the same token or poll the same purchase.
  app.quit();
} else {
  hardenAllWebContents(app, log);
  app.on('second-instance', () => {
    focusWindow(mainWindow);
  });
  app.on('window-all-closed', () => {
    app.quit();
  });
  app.on('before-quit', (event) => {
    if (shutdown.state === 'closed') return;
    // Hold the quit until the journal is closed; quitting again then passes straight through.
    event.preventDefault();
    void shutdown.run().then(() => {
      app.quit();
    });
  });
  start().catch(async (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    log(`Start-up failed: ${message}`);
    dialog.showErrorBox('TitleDesk could not start', message);
    await shutdown.run();
    app.exit(1);
  });
}
