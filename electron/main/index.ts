import { join } from 'node:path';
import { app, dialog, ipcMain, session, shell, type BrowserWindow } from 'electron';
import { startCore, type StartedCore } from '../core/app/start-core.ts';
import { createAppLife, createAppLog, createShutdown, shutDownOnSignals, type ShutdownStep } from './lifecycle/index.ts';
import { createDeepLinks, createPurchaseOpener, findDeepLinkArg, installMenu, registerProtocolClient, watchPurchases } from './shell/index.ts';
import { createPdfPrinter, createSecretStore, openElectronSettingsStore, osProxyResolver } from './host-services/index.ts';
import { createSenderCheck, forwardEvents, hardenAllWebContents, hardenSession, registerContract } from './security/index.ts';
import { createMainWindow, devServerUrl, focusWindow, registerRendererScheme, rendererOrigin, rendererUrl, saveWindowState, serveRenderer } from './window/index.ts';

/**
 * Electron glue only: the secure window, IPC onto the contract router, the native shell and a
 * clean quit. All real work lives in electron/core (and the pure modules in the folders beside
 * this file) so it runs and is tested without the Electron binary. This file wires the folders,
 * each of whose index.ts says what it promises:
 * - lifecycle/: the start, the one clean shutdown (also on a signal) and the redacted log;
 * - window/: the one sandboxed window and the renderer served on app://titledesk;
 * - security/: the IPC sender check, permissions, navigation and the links allowed out;
 * - shell/: the menu, notifications, the badge and titledesk:// links;
 * - host-services/: the secret store, settings, proxies and PDF printing core gets from Electron.
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
// Linux: the launcher badge is matched to the installed .desktop file, which electron-builder names
// after executableName; the name must be that file's, so it is not the reverse-DNS id desktops prefer.
if (process.platform === 'linux') app.setDesktopName('titledesk.desktop');

/** What this run of the app has opened so far; its phase is `life` below. */
const opened: {
  window?: BrowserWindow;
  core?: StartedCore;
  deepLinks?: ReturnType<typeof createDeepLinks>;
  /** macOS delivers links as open-url, possibly before 'ready' (a launch by a link). */
  earlyLink?: string | undefined;
  readonly cleanups: (() => void)[];
} = { cleanups: [] };

const currentContents = () => (opened.window === undefined || opened.window.isDestroyed() ? undefined : opened.window.webContents);

const shutdown = createShutdown({
  steps: (): ShutdownStep[] => [
    // Saved before the window closes (a signal exits without closing it); hidden before the IPC
    // handlers go, so the page is never seen failing its calls while the journal closes.
    { name: 'window', run: () => { saveWindowState(opened.window, app.getPath('userData'), log); if (opened.window?.isDestroyed() === false) opened.window.hide(); } },
    { name: 'IPC, events and notifications', run: () => { for (const cleanup of opened.cleanups.splice(0)) cleanup(); } },
    // Stops token refresh and the purchase poller, closes the journal, then the embedded sandbox.
    { name: 'core and sandbox', run: () => opened.core?.close() },
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
  if (life.quitRequested()) return;
  const settings = openElectronSettingsStore(userData, log);
  // The embedded sandbox (the default environment) keeps its purchases and port under userData.
  // Proxies per request origin as the OS settings say (fixed proxy, PAC, WPAD), through Chromium's resolver.
  const started = await startCore({ dataDir: userData, secrets: secrets.store, settings, environmentVariables: process.env, proxyResolver: osProxyResolver(session.defaultSession), log, printer: createPdfPrinter(currentContents) });
  opened.core = started;
  // Quit while the journal opened: the shutdown, waiting for this start, closes it.
  if (life.quitRequested()) return;
  const { core } = started;

  if (devUrl === undefined) serveRenderer(session.defaultSession, join(app.getAppPath(), 'dist'));
  const isTrustedSender = createSenderCheck(currentContents, baseUrl);
  const opener = createPurchaseOpener({ ipc: ipcMain, window: () => opened.window, isTrustedSender });
  opened.cleanups.push(() => { opener.dispose(); });
  const deepLinks = createDeepLinks({ environments: () => core.environments.list(), open: (reference) => { opener.open(reference); }, log });
  opened.deepLinks = deepLinks;
  // A launch by a link opens on that purchase: the page reads #open once (no event to miss).
  const launchReference = deepLinks.fromLaunch(process.argv, opened.earlyLink);
  opened.earlyLink = undefined;
  // Handlers exist before the page loads, so its first calls never race registration.
  opened.cleanups.push(
    registerContract({ ipc: ipcMain, channels: core.channels, router: core.router, isTrustedSender }),
    forwardEvents(core.events, currentContents),
  );
  const url = launchReference === undefined ? baseUrl : `${baseUrl}#open=${encodeURIComponent(launchReference)}`;
  const window = createMainWindow({ url, preload: join(import.meta.dirname, 'preload.cjs'), userData, log });
  opened.window = window;
  opener.watch(window);
  // Windows: a shutdown or log-off ends the app without before-quit; close the journal now.
  window.on('session-end', () => { void life.quit(); });
  // After the window exists, so the first badge (the Windows title) has a window to show on.
  opened.cleanups.push(watchPurchases({
    events: core.events,
    journaled: [...core.purchases.list({ status: 'pending', limit: 1000 }), ...core.purchases.list({ status: 'submitting', limit: 1000 })],
    window: () => opened.window,
    open: (reference) => { opener.open(reference); },
    onNotice: (title) => { log(`Notification: ${title}`); },
    log,
  }));
}

const life = createAppLife({ start, shutdown });

// Before the lock: a link that launched a second instance arrives as open-url here on macOS.
app.on('open-url', (event, link) => {
  event.preventDefault();
  if (opened.deepLinks === undefined || opened.window === undefined) opened.earlyLink = link;
  else opened.deepLinks.handle(link);
});

if (!app.requestSingleInstanceLock()) {
  // Two instances must never refresh the same token or poll the same purchase; the first one
  // receives this one's argv (and so its link) in 'second-instance'.
  app.quit();
} else {
  hardenAllWebContents(app, { log, shell });
  shutDownOnSignals({ source: process, shutdown: () => life.quit(), exit: (code) => { app.exit(code); }, log });
  app.on('second-instance', (_event, argv) => {
    focusWindow(opened.window);
    const link = findDeepLinkArg(argv);
    if (opened.deepLinks === undefined || opened.window === undefined) opened.earlyLink = link ?? opened.earlyLink;
    else opened.deepLinks.handle(link);
  });
  app.on('window-all-closed', () => {
    app.quit();
  });
  app.on('before-quit', (event) => {
    if (life.phase === 'closed') return;
    // Hold the quit until a start in progress is done and the journal closed; quitting again then passes straight through.
    event.preventDefault();
    void life.quit().then(() => {
      app.quit();
    });
  });
  life.start().catch(async (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    appLog.error('Start-up failed', error);
    dialog.showErrorBox('TitleDesk could not start', message);
    await life.quit();
    app.exit(1);
  });
}
