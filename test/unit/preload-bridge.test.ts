import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventChannelList, requestChannelList } from '../../shared/contract/channel-names.ts';

// The Electron binary cannot run here, so the preload runs against a stand-in for the two
// electron APIs it uses; what it exposes is then inspected exactly as the page would see it.
const electron = vi.hoisted(() => {
  const exposed = new Map<string, unknown>();
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const invoke = vi.fn((channel: string, payload: unknown) => Promise.resolve({ ok: true, data: { channel, payload } }));
  return {
    exposed,
    listeners,
    invoke,
    module: {
      contextBridge: {
        exposeInMainWorld: (key: string, value: unknown) => {
          exposed.set(key, value);
        },
      },
      ipcRenderer: {
        invoke,
        on: (channel: string, listener: (...args: unknown[]) => void) => {
          const set = listeners.get(channel) ?? new Set();
          set.add(listener);
          listeners.set(channel, set);
        },
        removeListener: (channel: string, listener: (...args: unknown[]) => void) => {
          listeners.get(channel)?.delete(listener);
        },
      },
    },
  };
});
vi.mock('electron', () => electron.module);

type Bridge = Record<string, unknown> & { on: (event: unknown, listener: unknown) => () => void };

async function loadBridge(): Promise<Bridge> {
  await import('../../electron/preload/index.ts');
  return electron.exposed.get('api') as Bridge;
}

function emit(channel: string, payload: unknown): void {
  const ipcEvent = { sender: electron.module.ipcRenderer, senderId: 0, ports: [] };
  for (const listener of electron.listeners.get(channel) ?? []) listener(ipcEvent, payload);
}

describe('the preload bridge', () => {
  beforeEach(() => {
    electron.invoke.mockClear();
  });

  it('exposes window.api only, frozen, with one function per request channel and on()', async () => {
    const api = await loadBridge();
    expect([...electron.exposed.keys()]).toEqual(['api']);
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.keys(api).sort()).toEqual([...requestChannelList, 'on'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(Object.keys(api)).not.toContain('ipcRenderer');
    expect(Object.keys(api)).not.toContain('process');
  });

  it('forwards a call to its own channel with the payload untouched', async () => {
    const api = await loadBridge();
    const create = api['purchase:create'] as (payload: unknown) => Promise<unknown>;
    const payload = { titleNumber: 'DN123456', variables: ['x'] };
    await expect(create(payload)).resolves.toEqual({ ok: true, data: { channel: 'purchase:create', payload } });
    const list = api['environment:list'] as () => Promise<unknown>;
    await list();
    expect(electron.invoke.mock.calls).toEqual([
      ['purchase:create', payload],
      ['environment:list', undefined],
    ]);
  });

  it('hands listeners the payload alone, never the IPC event', async () => {
    const api = await loadBridge();
    const received: unknown[][] = [];
    const unsubscribe = api.on('purchase:updated', (...args: unknown[]) => received.push(args));
    emit('purchase:updated', { purchases: [] });
    emit('auth:changed', { signedIn: false });
    expect(received).toEqual([[{ purchases: [] }]]);
    unsubscribe();
    emit('purchase:updated', { purchases: [1] });
    expect(received).toHaveLength(1);
    expect(electron.listeners.get('purchase:updated')?.size).toBe(0);
  });

  it('subscribes only to contract events, with a function', async () => {
    const api = await loadBridge();
    for (const name of ['purchase:create', 'ELECTRON_BROWSER_WINDOW_CLOSE', '__proto__', '', 42]) {
      expect(() => api.on(name, () => undefined)).toThrow(/Unknown event channel/);
    }
    expect(() => api.on('auth:changed', 'alert(1)')).toThrow(/must be a function/);
    for (const name of eventChannelList) api.on(name, () => undefined)();
  });
});
