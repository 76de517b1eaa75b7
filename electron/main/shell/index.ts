/**
 * What makes TitleDesk a native app beyond its window. What it promises:
 *
 * - The application menu, with each platform's roles and shortcuts; reload and developer tools
 *   only while developing (app-menu.ts, desktop-shell.ts).
 * - A native notification when a purchase the app was following completes or fails while the
 *   window is not focused, clickable until it is used (the last few are kept); the pending count
 *   on the dock or taskbar badge (purchase-notices.ts, notification-keeper.ts).
 * - titledesk://purchase/<id-or-result-url> links, from argv, a second instance or macOS
 *   open-url, are parsed strictly: a link of any other shape is refused with a reason and never
 *   navigates or runs anything; an accepted one only opens that purchase in Look up
 *   (deep-link.ts, deep-link-handler.ts).
 * - A purchase to open (a link, a clicked notification) waits until the page listens for it, so
 *   none is lost while the page loads (open-purchase-queue.ts).
 *
 * desktop-shell.ts and deep-link-handler.ts need Electron; the rest is pure and tested in Node.
 */
export { buildMenuTemplate, type MenuActions, type MenuContext } from './app-menu.ts';
export { findDeepLinkArg, parsePurchaseLink, type DeepLink } from './deep-link.ts';
export { createDeepLinks, registerProtocolClient } from './deep-link-handler.ts';
export { createPurchaseOpener, installMenu, watchPurchases, type PurchaseOpener } from './desktop-shell.ts';
