/**
 * What the page may reach, and what may reach it. What it promises:
 *
 * - IPC: every contract channel is registered on ipcMain, and each call is answered only when it
 *   comes from our window's main frame showing the bundled renderer; only then does the router
 *   parse its payload (ipc.ts).
 * - Permissions: only writing to the clipboard, only for that same frame; everything else is
 *   refused and reported as not grantable (permissions.ts).
 * - No navigation away from the app, no new windows, no <webview>, no downloads but the renderer's
 *   own exports, saved where the user picks (web-security.ts).
 * - Links leave for the OS browser only when https, free of credentials and on a short allow-list
 *   of hosts; anything else is dropped (external-links.ts).
 *
 * No electron value import here: what needs Electron is handed in, so every rule is tested in Node.
 */
export { allowedExternalUrl, externalHosts } from './external-links.ts';
export { createSenderCheck, forwardEvents, registerContract } from './ipc.ts';
export { createPermissionPolicy, type PermissionAsker } from './permissions.ts';
export { hardenAllWebContents, hardenSession, type ContentsGuardHost } from './web-security.ts';
