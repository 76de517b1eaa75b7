import { join } from 'node:path';
import { app, dialog, ipcMain, session, shell, type BrowserWindow } from 'electron';
import { startCore, type StartedCore } from '../core/app/start-core.ts';
import { createAppLog } from './app-log.ts';
import { findDeepLinkArg } from './deep-link.ts';
import { createDeepLinks, registerProtocolClient } from './deep-link-handler.ts';
import { installMenu, showPurchase, watchPurchases } from './desktop-shell.ts';
import { openElectronSettingsStore } from './electron-settings-store.ts';
import { createPdfPrinter } from './pdf-printer.ts';
import { createSenderCheck, forwardEvents, registerContract } from './ipc.ts';
import { osProxyResolver } from './os-proxy-resolver.ts';
import { devServerUrl, rendererOrigin, rendererUrl } from './renderer-files.ts';
import { registerRendererScheme, serveRenderer } from './renderer-protocol.ts';
import { createSecretStore } from './safe-storage-secret-store.ts';
import { createShutdown, type ShutdownStep } from './shutdown.ts';
import { shutDownOnSignals } from './signal-shutdown.ts';
import { hardenAllWebContents, hardenSession } from './web-security.ts';
import { createMainWindow, focusWindow, saveWindowState } from './window.ts';

/**
 * Electron glue only: the secure window, IPC onto the contract router, the native shell and a
 * clean quit. All real work lives in electron/core (and the pure modules beside this file) so it
 * runs and is tested without the Electron binary.
 */
// Tests point userData at a scratch folder; a packaged app always uses the OS location. The folder
// is named after the product, not package.json's lower-case name (Linux ~/.config/TitleDesk,
// macOS ~/Library/Application Support/TitleDesk, Windows %APPDATA%\TitleDesk).
const userDataOverride = process.env['TITLEDESK_USER_DATA_DIR'];
const useOverride = !app.isPackaged && userDataOverride !== undefined && userDataOverride !== '';
app.setPath('userData', useOverride ? userDataOverride : join(app.getPath('appData'), 'TitleDesk'));

// Logs live beside the data on every OS (macOS would default to ~/Library/Logs), redacted.
const logsDir = join(app.getPath('userData'), 'logs');
app.setAppLogsPath(logsDir);
const appLog = createAppLog({ logsDir });
const log = (message: string): void => { appLog.info(message); };

// Both must happen before 'ready'.
app.enableSandbox();
registerRendererScheme();
// Windows shows notifications only for an app with an AppUserModelID (the installer's appId).
if (process.platform === 'win32') app.setAppUserModelId('com.titledesk.app');
// Linux: the launcher badge is matched to the .desktop file electron-builder names after executableName.
if (process.platform === 'linux') app.setDesktopName('titledesk.desktop');

let mainWindow: BrowserWindow | undefined;
let started: StartedCore | undefined;
let deepLinks: ReturnType<typeof createDeepLinks> | undefined;
// macOS delivers links as open-url, possibly before 'ready' (a launch by a link).
let earlyLink: string | undefined;
const cleanups: (() => void)[] = [];

const currentContents = () => (mainWindow === undefined || mainWindow.isDestroyed() ? undefined : mainWindow.webContents);

const shutdown = createShutdown({
  steps: (): ShutdownStep[] => [
    // Before the window closes; a signal exits without closing it at all.
    { name: 'window state', run: () => { saveWindowState(mainWindow, app.getPath('userData'), log); } },
    { name: 'IPC, events and notifications', run: () => { for (const cleanup of cleanups.splice(0)) cleanup(); } },
    // Stops token refresh and the purchase poller, closes the journal, then the embedded sandbox.
    { name: 'core and sandbox', run: () => started?.close() },
  ],
  onError: (step, error) => {
    appLog.error(`Closing ${step} failed`, error);
  },
});

async function start(): Promise<void> {
  await app.whenReady();
  log(`TitleDesk ${app.getVersion()} starting (Electron ${process.versions.electron}, ${process.platform})`);
  const devUrl = devServerUrl(process.env['VITE_DEV_SERVER_URL'], app.isPackaged);
  const baseUrl = devUrl ?? rendererUrl;
  hardenSession(session.defaultSession, { contentsId: () => currentContents()?.id, origin: devUrl === undefined ? rendererOrigin : new URL(devUrl).origin });
  installMenu(log);
  registerProtocolClient(log);
  const userData = app.getPath('userData');
  const secrets = await createSecretStore(userData, log);
  if (secrets.note !== undefined) log(secrets.note);
  const settings = openElectronSettingsStore(userData, log);
  // The embedded sandbox (the default environment) keeps its purchases and port under userData.
  // Proxies per request origin as the OS settings say (fixed proxy, PAC, WPAD), through Chromium's resolver.
  started = await startCore({ dataDir: userData, secrets: secrets.store, settings, environmentVariables: process.env, proxyResolver: osProxyResolver(session.defaultSession), log, printer: createPdfPrinter(currentContents) });
  const { core } = started;

  if (devUrl === undefined) serveRenderer(session.defaultSession, join(app.getAppPath(), 'dist'));
  deepLinks = createDeepLinks({ environments: () => core.environments.list(), open: (reference) => { showPurchase(mainWindow, reference); }, log });
  // A launch by a link opens on that purchase: the page reads #open once (no event to miss).
  const launchReference = deepLinks.fromLaunch(process.argv, earlyLink);
  earlyLink = undefined;
  // Handlers exist before the page loads, so its first calls never race registration.
  cleanups.push(
    registerContract({ ipc: ipcMain, channels: core.channels, router: core.router, isTrustedSender: createSenderCheck(currentContents, baseUrl) }),
    forwardEvents(core.events, currentContents),
    watchPurchases({
      events: core.events,
      journaled: [...core.purchases.list({ status: 'pending', limit: 1000 }), ...core.purchases.list({ status: 'submitting', limit: 1000 })],
      window: () => mainWindow,
      onNotice: (title) => { log(`Notification: ${title}`); },
      log,
    }),
  );
  const url = launchReference === undefined ? baseUrl : `${baseUrl}#open=${encodeURIComponent(launchReference)}`;
  mainWindow = createMainWindow({ url, preload: join(import.meta.dirname, 'preload.cjs'), userData, log });
  // Windows: a shutdown or log-off ends the app without before-quit; close the journal now.
  mainWindow.on('session-end', () => { void shutdown.run(); });
}

// Before the lock: a link that launched a second instance arrives as open-url here on macOS.
app.on('open-url', (event, link) => {
  event.preventDefault();
  if (deepLinks === undefined || mainWindow === undefined) earlyLink = link;
  else deepLinks.handle(link);
});

if (!app.requestSingleInstanceLock()) {
  // Two instances must never refresh the same token or poll the same purchase; the first one
  // receives this one's argv (and so its link) in 'second-instance'.
  app.quit();
} else {
  hardenAllWebContents(app, { log, shell });
  shutDownOnSignals({ source: process, shutdown: () => shutdown.run(), exit: (code) => { app.exit(code); }, log });
  app.on('second-instance', (_event, argv) => {
    focusWindow(mainWindow);
    const link = findDeepLinkArg(argv);
    if (deepLinks === undefined || mainWindow === undefined) earlyLink = link ?? earlyLink;
    else deepLinks.handle(link);
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
    appLog.error('Start-up failed', error);
    dialog.showErrorBox('TitleDesk could not start', message);
    await shutdown.run();
    app.exit(1);
  });
}
