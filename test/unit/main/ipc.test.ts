import type { IpcMain, IpcMainInvokeEvent, WebContents, WebFrameMain } from 'electron';
import { describe, expect, it } from 'vitest';
import { createSenderCheck, forwardEvents, registerContract } from '../../../electron/main/security/ipc.ts';
import type { ContractRouter, EventListener } from '../../../electron/core/router/router-types.ts';

/**
 * electron/main's IPC guard with small stand-ins for the Electron objects it reads (the binary
 * cannot run here; the Electron suite covers the real objects where it can).
 */
const rendererUrl = 'app://titledesk/index.html';

type Frame = Pick<WebFrameMain, 'url'>;
type Sender = Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>;

function windowContents(id: number, url = `${rendererUrl}#/history`): { id: number; mainFrame: Frame } {
  return { id, mainFrame: { url } };
}

/** An invoke event as Electron builds it: the sending web contents and the frame that sent it. */
function eventFrom(contents: { id: number }, frame: Frame | null): Sender {
  const event: unknown = { sender: contents, senderFrame: frame };
  return event as Sender;
}

function check(contents: { id: number; mainFrame: Frame } | undefined): (event: Sender) => boolean {
  const current: unknown = contents;
  return createSenderCheck(() => current as WebContents | undefined, rendererUrl);
}

describe('createSenderCheck', () => {
  it("trusts the window's own main frame showing the bundled renderer, whatever its route", () => {
    const contents = windowContents(1);
    expect(check(contents)(eventFrom(contents, contents.mainFrame))).toBe(true);
  });

  it('refuses a sub-frame of the window, even one showing the renderer', () => {
    const contents = windowContents(1);
    expect(check(contents)(eventFrom(contents, { url: rendererUrl }))).toBe(false);
  });

  it('refuses another web contents, even one claiming the same frame', () => {
    const contents = windowContents(1);
    expect(check(contents)(eventFrom({ id: 2 }, contents.mainFrame))).toBe(false);
  });

  it('refuses the main frame once it shows anything but the bundled renderer', () => {
    for (const url of ['https://evil.example/index.html', 'app://titledesk/other.html', 'app://titledesk/index.html?x=1', 'app://titledesk.evil/index.html', 'about:blank']) {
      const contents = windowContents(1, url);
      expect(check(contents)(eventFrom(contents, contents.mainFrame)), url).toBe(false);
    }
  });

  it('refuses when the frame is gone (navigated or destroyed) or there is no window', () => {
    const contents = windowContents(1);
    expect(check(contents)(eventFrom(contents, null))).toBe(false);
    expect(check(undefined)(eventFrom(contents, contents.mainFrame))).toBe(false);
  });
});

/** ipcMain as far as registerContract uses it: handlers kept by channel, invoked as Electron would. */
function fakeIpcMain(): { ipc: Pick<IpcMain, 'handle' | 'removeHandler'>; invoke: (channel: string, event: Sender, payload: unknown) => Promise<unknown>; channels: () => string[] } {
  const handlers = new Map<string, (event: Sender, payload: unknown) => unknown>();
  const ipc = {
    handle: (channel: string, handler: (event: Sender, payload: unknown) => unknown) => {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => {
      handlers.delete(channel);
    },
  };
  return {
    ipc: ipc as unknown as Pick<IpcMain, 'handle' | 'removeHandler'>,
    invoke: (channel, event, payload) => {
      const handler = handlers.get(channel);
      if (handler === undefined) return Promise.reject(new Error(`No handler registered for '${channel}'`));
      return Promise.resolve(handler(event, payload));
    },
    channels: () => [...handlers.keys()],
  };
}

describe('registerContract', () => {
  const contents = windowContents(7);
  const trusted = eventFrom(contents, contents.mainFrame);
  const fromSubFrame = eventFrom(contents, { url: rendererUrl });

  function setUp(): { fake: ReturnType<typeof fakeIpcMain>; dispatched: unknown[][]; unregister: () => void } {
    const fake = fakeIpcMain();
    const dispatched: unknown[][] = [];
    const router: ContractRouter = { dispatch: (channel, payload) => { dispatched.push([channel, payload]); return Promise.resolve({ ok: true, data: 'done' }); } };
    const unregister = registerContract({ ipc: fake.ipc, channels: ['auth:state', 'purchase:create'], router, isTrustedSender: check(contents) });
    return { fake, dispatched, unregister };
  }

  it('hands a trusted call to the router with its payload untouched', async () => {
    const { fake, dispatched } = setUp();
    await expect(fake.invoke('purchase:create', trusted, { titleNumber: 'DN1' })).resolves.toEqual({ ok: true, data: 'done' });
    expect(dispatched).toEqual([['purchase:create', { titleNumber: 'DN1' }]]);
  });

  it('refuses an untrusted call before the router ever sees its payload', async () => {
    const { fake, dispatched } = setUp();
    await expect(fake.invoke('auth:state', fromSubFrame, { environmentId: 'x' })).resolves.toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(dispatched).toEqual([]);
  });

  it('removes every handler it registered', () => {
    const { fake, unregister } = setUp();
    expect(fake.channels()).toEqual(['auth:state', 'purchase:create']);
    unregister();
    expect(fake.channels()).toEqual([]);
  });
});

describe('forwardEvents', () => {
  it('sends events to the window while it lives, and stops when unsubscribed', () => {
    const listeners = new Set<EventListener>();
    const events = { subscribe: (listener: EventListener) => { listeners.add(listener); return () => listeners.delete(listener); } };
    const sent: unknown[][] = [];
    let destroyed = false;
    const target: unknown = { isDestroyed: () => destroyed, send: (...args: unknown[]) => sent.push(args) };
    const stop = forwardEvents(events, () => target as WebContents);
    for (const listener of listeners) listener('auth:changed', { signedIn: true });
    destroyed = true;
    for (const listener of listeners) listener('auth:changed', { signedIn: false });
    stop();
    expect(sent).toEqual([['auth:changed', { signedIn: true }]]);
    expect(listeners.size).toBe(0);
  });
});
