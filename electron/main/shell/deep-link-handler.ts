import { app, dialog } from 'electron';
import { deepLinkScheme } from '../../../shared/purchase/deep-link.ts';
import type { Environment } from '../../../shared/environment/environment.ts';
import { findDeepLinkArg, parsePurchaseLink } from './deep-link.ts';

/**
 * titledesk:// links reach the app three ways: in argv on a first launch (Windows, Linux), in the
 * argv of a second instance that hands over and quits (Windows, Linux), and as macOS open-url
 * events, which can arrive before 'ready'. Each is parsed strictly; a refused link is explained
 * and does nothing else.
 */
export function registerProtocolClient(log: (message: string) => void): void {
  // A development run must not take over the OS handler for the installed app's links.
  if (!app.isPackaged) return;
  // Windows and macOS record the handler here; Linux needs the .desktop entry electron-builder writes.
  if (!app.setAsDefaultProtocolClient(deepLinkScheme)) log(`Could not register as the handler of ${deepLinkScheme}:// links.`);
}

export function createDeepLinks(options: { environments: () => readonly Environment[]; open: (reference: string) => void; log: (message: string) => void }) {
  const origins = (): string[] =>
    options.environments().flatMap((environment) => {
      const url = new URL(environment.baseUrl);
      return url.protocol === 'https:' ? [url.origin] : [];
    });
  /** Parses a link; undefined (after telling the user why) when it is refused. */
  const accept = (link: string): string | undefined => {
    const parsed = parsePurchaseLink(link, origins());
    if (parsed.ok) return parsed.reference;
    options.log(parsed.reason);
    void dialog.showMessageBox({ type: 'warning', title: 'TitleDesk', message: parsed.reason, detail: 'Links look like titledesk://purchase/<purchase ID>.' });
    return undefined;
  };
  return {
    /** The reference a first launch should open, from argv or an early open-url. */
    fromLaunch(argv: readonly string[], early: string | undefined): string | undefined {
      const link = early ?? findDeepLinkArg(argv);
      return link === undefined ? undefined : accept(link);
    },
    /** A link while running (second instance, open-url): open it now. */
    handle(link: string | undefined): void {
      if (link === undefined) return;
      const reference = accept(link);
      if (reference !== undefined) options.open(reference);
    },
  };
}
