import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventChannelList, pageListeningChannel, requestChannelList } from '../../../../shared/contract/channel-names.ts';
import { builtPreloadPath } from '../../support/built-bundles.ts';
import { copyAcross } from '../../support/context-bridge.ts';

/**
 * The built preload (dist-electron/preload.*, the file the packaged app loads), run as a
 * sandboxed Electron renderer runs it: its source evaluated as the body of a function given
 * `require`, in an isolated world of its own. `require('electron')` yields stand-ins for the
 * two APIs it may use; exposeInMainWorld crosses into a second realm, the page, with Electron's
 * copy semantics. Every assertion is made from inside the page, on what the page can reach.
 */
interface World {
  page: vm.Context;
  /** The page's own global names before the preload ran. */
  globalsBefore: unknown[];
  required: string[];
  invoked: unknown[][];
  /** What the preload sent to main with ipcRenderer.send. */
  sent: unknown[][];
  listeners: Map<string, Set<(...args: unknown[]) => void>>;
  /** The main process sending an event, as ipcRenderer would deliver it to the preload. */
  send: (channel: string, payload: unknown) => void;
  /** Runs code in the page and returns its completion value (awaited when it is a promise). */
  inPage: (code: string) => Promise<unknown>;
}

function loadBuiltPreload(): World {
  const isolated = vm.createContext({});
  const page = vm.createContext({});
  const required: string[] = [];
  const invoked: unknown[][] = [];
  const sent: unknown[][] = [];
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const ipcRenderer = {
    invoke: (channel: string, payload: unknown) => {
      invoked.push([channel, payload]);
      return Promise.resolve({ ok: true, data: { echoed: payload } });
    },
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener));
      return ipcRenderer;
    },
    send: (channel: string, ...args: unknown[]) => {
      sent.push([channel, ...args]);
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) => {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
  };
  const contextBridge = {
    exposeInMainWorld: (key: string, api: unknown) => {
      Reflect.set(vm.runInContext('globalThis', page) as object, key, copyAcross(api, isolated, page));
    },
  };
  const fakeRequire = (name: string): unknown => {
    required.push(name);
    if (name === 'electron') return { contextBridge, ipcRenderer };
    throw new Error(`module not found: ${name}`);
  };
  const source = readFileSync(builtPreloadPath(), 'utf8');
  // How Electron evaluates a sandboxed preload: a function body, whatever the file's extension.
  const wrapped = vm.runInContext(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, isolated) as (...args: unknown[]) => void;
  const globalsBefore = vm.runInContext('Object.getOwnPropertyNames(globalThis)', page) as unknown[];
  const module = { exports: {} };
  wrapped(module.exports, fakeRequire, module, 'preload', '.');
  return {
    page,
    globalsBefore,
    required,
    invoked,
    sent,
    listeners,
    send: (channel, payload) => {
      const ipcEvent = { sender: ipcRenderer, senderId: 0, ports: [] };
      for (const listener of listeners.get(channel) ?? []) listener(ipcEvent, payload);
    },
    inPage: async (code) => {
      // Through JSON, so what is compared is plain data, whichever realm built it.
      const result: unknown = await (vm.runInContext(code, page) as Promise<unknown>);
      return result === undefined || typeof result === 'function' ? result : JSON.parse(JSON.stringify(result)) as unknown;
    },
  };
}

let world: World;

beforeEach(() => {
  world = loadBuiltPreload();
});

describe('the built preload, seen from the page', () => {
  it('adds window.api and nothing else to the page, and needs nothing but electron', async () => {
    const after = await world.inPage('Object.getOwnPropertyNames(globalThis)');
    expect(Array.isArray(after) ? after.filter((name) => !world.globalsBefore.includes(name)) : after).toEqual(['api']);
    expect(world.required).toEqual(['electron']);
    expect(await world.inPage('[typeof require, typeof process, typeof ipcRenderer, typeof electron, typeof module]')).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
  });

  it('shows a frozen api with one function per request channel and on(), and no way to add one', async () => {
    expect(await world.inPage('Object.isFrozen(api)')).toBe(true);
    expect(await world.inPage('Object.keys(api).sort()')).toEqual([...requestChannelList, 'on'].sort());
    expect(await world.inPage('Object.values(api).every((value) => typeof value === "function")')).toBe(true);
    expect(await world.inPage('"use strict"; try { api.ipcRenderer = 1; "added" } catch { "refused" }')).toBe('refused');
  });

  it('forwards a call to its own channel with a copy of the payload and hands back the answer', async () => {
    const answer = await world.inPage('api["purchase:create"]({ titleNumber: "DN123456", variables: ["x"] })');
    expect(answer).toEqual({ ok: true, data: { echoed: { titleNumber: 'DN123456', variables: ['x'] } } });
    await world.inPage('api["environment:list"]()');
    expect(world.invoked).toEqual([
      ['purchase:create', { titleNumber: 'DN123456', variables: ['x'] }],
      ['environment:list', undefined],
    ]);
    expect(await world.inPage('api["auth:state"]({ environmentId: "sandbox" }) instanceof Promise')).toBe(true);
  });

  it('hands listeners the payload alone, never the IPC event or ipcRenderer, until unsubscribed', async () => {
    await world.inPage('globalThis.seen = []; globalThis.stop = api.on("purchase:updated", function () { seen.push(Array.from(arguments)); })');
    world.send('purchase:updated', { purchases: [] });
    world.send('auth:changed', { signedIn: false });
    expect(await world.inPage('seen')).toEqual([[{ purchases: [] }]]);
    await world.inPage('stop()');
    world.send('purchase:updated', { purchases: [1] });
    expect(await world.inPage('seen.length')).toBe(1);
    expect(world.listeners.get('purchase:updated')?.size).toBe(0);
  });

  it('tells main which event the page now listens for, so it can send what it held (app:open-purchase)', async () => {
    expect(world.sent).toEqual([]);
    await world.inPage('api.on("app:open-purchase", () => {})');
    expect(world.sent).toEqual([[pageListeningChannel, 'app:open-purchase']]);
  });

  it('refuses subscriptions to anything but a contract event, with a function', async () => {
    const attempt = (channel: string, listener = '() => {}') => world.inPage(`try { api.on(${channel}, ${listener}); "subscribed" } catch (error) { error.message }`);
    for (const channel of ['"purchase:create"', '"ELECTRON_BROWSER_WINDOW_CLOSE"', '"__proto__"', '""', '42']) {
      expect(await attempt(channel), channel).toMatch(/Unknown event channel/);
    }
    expect(await attempt('"auth:changed"', '"alert(1)"')).toMatch(/must be a function/);
    for (const name of eventChannelList) expect(await attempt(JSON.stringify(name))).toBe('subscribed');
  });
});
