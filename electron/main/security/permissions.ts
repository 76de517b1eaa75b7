/**
 * Which browser permissions the renderer gets: only writing to the clipboard (the "Copy purchase
 * ID / result URL / JSON" buttons use navigator.clipboard.writeText), and only for our own window's
 * main frame showing the bundled renderer. Everything else (camera, notifications, clipboard
 * read…) is refused and reported as not grantable. Pure so it is unit tested without Electron.
 */
const grantable: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export interface PermissionAsker {
  /** The web contents asking; Electron passes null for some checks (e.g. from a service worker). */
  readonly contentsId: number | undefined;
  readonly permission: string;
  readonly isMainFrame: boolean;
  /** The requesting frame's URL (request handler) or origin (check handler). */
  readonly requesting: string | undefined;
}

export function createPermissionPolicy(options: { appContentsId: () => number | undefined; appOrigin: string }): (asker: PermissionAsker) => boolean {
  return (asker) => {
    if (!grantable.has(asker.permission) || !asker.isMainFrame) return false;
    const appId = options.appContentsId();
    if (appId === undefined || asker.contentsId !== appId) return false;
    return originOf(asker.requesting) === options.appOrigin;
  };
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined || url === '') return undefined;
  try {
    const parsed = new URL(url);
    // Node's URL reports "null" as the origin of schemes it does not know, app:// included, which
    // Chromium treats as standard: scheme and host are the origin. No host (file:, data:) no origin.
    return parsed.host === '' ? undefined : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return undefined;
  }
}
