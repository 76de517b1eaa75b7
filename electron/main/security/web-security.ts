// Types only: what needs Electron at run time is handed in, so these rules are unit-tested in Node.
import type { App, Session, Shell, WebContents } from 'electron';
import { allowedExternalUrl } from './external-links.ts';
import { createPermissionPolicy } from './permissions.ts';
import { isRendererExport } from '../window/renderer-files.ts';

/**
 * The renderer needs almost no browser powers: only clipboard writes for our own window's main
 * frame (see permissions.ts); nothing else is ever granted or even reported as grantable, and
 * nothing is downloaded but the renderer's own exports, which the user saves through the OS save
 * dialog.
 */
export function hardenSession(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler' | 'on'>,
  appWindow: { contentsId: () => number | undefined; origin: string },
): void {
  const allowed = createPermissionPolicy({ appContentsId: appWindow.contentsId, appOrigin: appWindow.origin });
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(allowed({ contentsId: contents.id, permission, isMainFrame: details.isMainFrame, requesting: details.requestingUrl }));
  });
  session.setPermissionCheckHandler((contents, permission, requestingOrigin, details) =>
    allowed({ contentsId: contents?.id, permission, isMainFrame: details.isMainFrame, requesting: requestingOrigin }),
  );
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', (event, item) => {
    if (isRendererExport(item.getURL())) {
      // No save path set: Electron asks the user where to save, starting from the export's name.
      item.setSaveDialogOptions({ title: 'Save export', defaultPath: item.getFilename() });
      return;
    }
    event.preventDefault();
  });
}

/**
 * Every web contents, present and future: no navigation away from the app, no new windows, no
 * <webview>. A link to an allow-listed https site opens in the OS browser instead.
 */
export interface ContentsGuardHost {
  log: (message: string) => void;
  /** Electron's shell: openExternal hands a URL to the OS browser. */
  shell: Pick<Shell, 'openExternal'>;
}

export function hardenAllWebContents(app: Pick<App, 'on'>, host: ContentsGuardHost): void {
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, host);
  });
}

function hardenWebContents(contents: WebContents, { log, shell }: ContentsGuardHost): void {
  const openOutside = (url: string): void => {
    const allowed = allowedExternalUrl(url);
    if (allowed === undefined) {
      log(`Refused to open ${describe(url)}: not an allowed https link.`);
      return;
    }
    shell.openExternal(allowed).catch((error: unknown) => {
      log(`Could not open ${allowed} in the browser: ${String(error)}`);
    });
  };
  contents.on('will-navigate', (event) => {
    event.preventDefault();
    openOutside(event.url);
  });
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
}

/** Logs only the origin of a refused URL: its path or query could carry something private. */
function describe(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an invalid URL';
  }
}
