import { EventEmitter } from 'node:events';
import type { App, Session, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { hardenAllWebContents, hardenSession } from '../../../electron/main/security/web-security.ts';
import { rendererOrigin } from '../../../electron/main/window/renderer-files.ts';

/**
 * electron/main's session and web-contents rules, run against small stand-ins for the Electron
 * objects: each stand-in keeps the handlers the rules install and fires events shaped as
 * Electron fires them. The Electron suite covers the real objects where the binary exists.
 */
type PermissionRequest = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void;

/** The app's own window as hardenSession is told of it: its web contents id and origin. */
const appWindow = { contentsId: () => 7, origin: rendererOrigin };

function fakeSession(): { session: Session; events: EventEmitter; request: (permission: string, contentsId?: number) => boolean | 'no answer'; check: (permission: string, contentsId?: number) => unknown; device: () => unknown } {
  const events = new EventEmitter();
  let onRequest: PermissionRequest | undefined;
  let onCheck: ((...args: unknown[]) => unknown) | undefined;
  let onDevice: ((...args: unknown[]) => unknown) | undefined;
  const session: unknown = {
    setPermissionRequestHandler: (handler: PermissionRequest) => { onRequest = handler; },
    setPermissionCheckHandler: (handler: (...args: unknown[]) => unknown) => { onCheck = handler; },
    setDevicePermissionHandler: (handler: (...args: unknown[]) => unknown) => { onDevice = handler; },
    on: (name: string, listener: (...args: unknown[]) => void) => events.on(name, listener),
  };
  return {
    session: session as Session,
    events,
    request: (permission, contentsId = 7) => {
      let answer: boolean | 'no answer' = 'no answer';
      onRequest?.({ id: contentsId }, permission, (granted) => { answer = granted; }, { requestingUrl: `${rendererOrigin}/index.html`, isMainFrame: true });
      return answer;
    },
    check: (permission, contentsId = 7) => onCheck?.({ id: contentsId }, permission, rendererOrigin, { isMainFrame: true }),
    device: () => onDevice?.({ deviceType: 'usb', origin: rendererOrigin }),
  };
}

/** A download as Electron hands it to will-download, recording what the rules do with it. */
function download(url: string): { item: unknown; dialog: () => unknown } {
  let dialog: unknown;
  return {
    item: { getURL: () => url, getFilename: () => 'purchases.csv', setSaveDialogOptions: (options: unknown) => { dialog = options; } },
    dialog: () => dialog,
  };
}

function cancellable(fields: Record<string, unknown> = {}): { event: Record<string, unknown>; prevented: () => boolean } {
  let prevented = false;
  return { event: { ...fields, preventDefault: () => { prevented = true; } }, prevented: () => prevented };
}

describe('hardenSession', () => {
  it('refuses every permission request and check, and every device', () => {
    const fake = fakeSession();
    hardenSession(fake.session, appWindow);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'midi', 'openExternal', 'pointerLock', 'fullscreen']) {
      expect(fake.request(permission), permission).toBe(false);
      expect(fake.check(permission), permission).toBe(false);
    }
    expect(fake.device()).toBe(false);
  });

  it("allows clipboard writes to the app's own window only", () => {
    const fake = fakeSession();
    hardenSession(fake.session, appWindow);
    expect(fake.request('clipboard-sanitized-write')).toBe(true);
    expect(fake.check('clipboard-sanitized-write')).toBe(true);
    expect(fake.request('clipboard-sanitized-write', 8)).toBe(false);
    expect(fake.check('clipboard-sanitized-write', 8)).toBe(false);
    expect(fake.request('clipboard-read')).toBe(false);
  });

  it("lets the renderer's own exports download through the save dialog and cancels every other download", () => {
    const fake = fakeSession();
    hardenSession(fake.session, appWindow);
    const exported = download(`blob:${rendererOrigin}/7c1f0e0a`);
    const ownExport = cancellable();
    fake.events.emit('will-download', ownExport.event, exported.item);
    expect(ownExport.prevented()).toBe(false);
    expect(exported.dialog()).toEqual({ title: 'Save export', defaultPath: 'purchases.csv' });
    for (const url of ['https://evil.example/payload.exe', 'blob:https://evil.example/1', `${rendererOrigin}/index.html`]) {
      const other = cancellable();
      const item = download(url);
      fake.events.emit('will-download', other.event, item.item);
      expect(other.prevented(), url).toBe(true);
      expect(item.dialog(), url).toBeUndefined();
    }
  });
});

/** A web contents as far as the rules use it: events, and the window-open handler. */
function fakeContents(): { contents: WebContents; events: EventEmitter; open: (url: string) => unknown } {
  const events = new EventEmitter();
  let openHandler: ((details: { url: string }) => unknown) | undefined;
  const contents: unknown = {
    on: (name: string, listener: (...args: unknown[]) => void) => events.on(name, listener),
    setWindowOpenHandler: (handler: (details: { url: string }) => unknown) => { openHandler = handler; },
  };
  return { contents: contents as WebContents, events, open: (url) => openHandler?.({ url }) };
}

function hardened(): { fake: ReturnType<typeof fakeContents>; opened: string[]; logged: string[] } {
  const app = new EventEmitter();
  const opened: string[] = [];
  const logged: string[] = [];
  const openExternal = (url: string): Promise<void> => { opened.push(url); return Promise.resolve(); };
  const log = (message: string): void => { logged.push(message); };
  hardenAllWebContents(app as unknown as App, { log, shell: { openExternal } });
  const fake = fakeContents();
  // Every web contents created later is hardened, not only those that exist now.
  app.emit('web-contents-created', {}, fake.contents);
  return { fake, opened, logged };
}

describe('hardenAllWebContents', () => {
  it('never navigates away; an allowed https link opens in the OS browser instead', () => {
    const { fake, opened, logged } = hardened();
    const allowed = cancellable({ url: 'https://docs.whenfresh.com/guide' });
    fake.events.emit('will-navigate', allowed.event);
    const refused = cancellable({ url: 'https://evil.example/steal?token=secret-token' });
    fake.events.emit('will-navigate', refused.event);
    expect([allowed.prevented(), refused.prevented()]).toEqual([true, true]);
    expect(opened).toEqual(['https://docs.whenfresh.com/guide']);
    // The refusal is logged by origin only: a path or query could carry something private.
    expect(logged).toEqual(['Refused to open https://evil.example: not an allowed https link.']);
  });

  it('denies every new window, opening only allowed links outside', () => {
    const { fake, opened } = hardened();
    expect(fake.open('https://www.loqate.com/')).toEqual({ action: 'deny' });
    expect(fake.open('http://www.loqate.com/')).toEqual({ action: 'deny' });
    expect(fake.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://www.loqate.com/']);
  });

  it('cancels sub-frame navigations, redirects and webviews, leaving main-frame navigations to will-navigate', () => {
    const { fake } = hardened();
    const cases = [
      ['will-frame-navigate', cancellable({ isMainFrame: false, url: 'https://evil.example/' }), true],
      ['will-frame-navigate', cancellable({ isMainFrame: true, url: 'https://evil.example/' }), false],
      ['will-redirect', cancellable({ url: 'https://evil.example/' }), true],
      ['will-attach-webview', cancellable(), true],
    ] as const;
    for (const [name, { event, prevented }, expected] of cases) {
      fake.events.emit(name, event);
      expect(prevented(), name).toBe(expected);
    }
  });

  it('logs, rather than throws, when the OS browser cannot be opened', async () => {
    const app = new EventEmitter();
    const logged: string[] = [];
    hardenAllWebContents(app as unknown as App, { log: (message) => logged.push(message), shell: { openExternal: () => Promise.reject(new Error('no browser')) } });
    const fake = fakeContents();
    app.emit('web-contents-created', {}, fake.contents);
    fake.open('https://docs.loqate.com/');
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toEqual(['Could not open https://docs.loqate.com/ in the browser: Error: no browser']);
  });
});
