/**
 * The desktop app's side of what core asks of its host (electron/core defines the interfaces).
 * What it promises:
 *
 * - Secrets (SecretStore): encrypted by the OS through safeStorage, in one owner-only file written
 *   whole or not at all, only where the OS really protects the key (on Linux, a real keyring);
 *   otherwise kept in memory for the session and said so, never stored weakly
 *   (safe-storage-secret-store.ts, secret-persistence.ts, encrypted-secret-file.ts).
 * - Settings (SettingsStore): `<userData>/settings.json` through conf. A damaged file is moved
 *   aside and the store opened afresh; one that cannot be opened at all leaves the app on
 *   defaults for the session. Neither stops a start, and each is logged and shown
 *   (electron-settings-store.ts, settings-file-opening.ts, store-file-opening.ts).
 * - Proxies (ProxyResolver): as Chromium resolves them for the app's session, from the OS
 *   settings, a PAC file or WPAD (os-proxy-resolver.ts).
 * - The report as PDF (ReportPrinter): printed by the page's own print stylesheet and written
 *   only where the user picks in a save dialog (pdf-printer.ts).
 */
export { openElectronSettingsStore } from './electron-settings-store.ts';
export { osProxyResolver } from './os-proxy-resolver.ts';
export { createPdfPrinter } from './pdf-printer.ts';
export { createSecretStore, type ChosenSecretStore } from './safe-storage-secret-store.ts';
