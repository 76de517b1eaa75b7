/**
 * The one window and the page it shows. What it promises:
 *
 * - The renderer runs sandboxed, with context isolation and no Node; everything the page can do
 *   goes through the preload's window.api (window.ts).
 * - The built renderer is served from its own `app://titledesk` origin, never file://: only files
 *   inside dist/ are ever served, and every response carries the security headers, the
 *   Content-Security-Policy among them (renderer-files.ts, renderer-protocol.ts).
 * - The window's size, position and maximised state come back from the last launch, fitted to the
 *   displays there are now, so it is never off screen; reading or writing that file never throws
 *   (window-state.ts, window-state-file.ts).
 *
 * window.ts and renderer-protocol.ts need Electron; the rest is pure and tested in Node.
 */
export { devServerUrl, isRendererExport, rendererOrigin, rendererUrl } from './renderer-files.ts';
export { registerRendererScheme, serveRenderer } from './renderer-protocol.ts';
export { createMainWindow, focusWindow, saveWindowState } from './window.ts';
export { restoreWindowState, type WindowState } from './window-state.ts';
export { windowStateFile, type WindowStateFile } from './window-state-file.ts';
