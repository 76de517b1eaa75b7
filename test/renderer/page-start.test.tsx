import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPage, type PageContext } from '../../renderer/boot/host-start.ts';
import { checkedApi } from '../../renderer/bridge/checked-api.ts';
import { launchKeyHeader } from '../../renderer/bridge/host-request.ts';
import { createWebBridge } from '../../renderer/bridge/web-bridge.ts';
import type { TitleDeskApi } from '../../shared/contract/api.ts';
import { createFakeApi } from './support/fake-api.ts';

/** A stand-in browser-mode host on loopback: real HTTP, real fetch; it counts what reaches it. */
let server: Server;
let origin: string;
let answers: unknown[];
const seen: { path: string; key: string | undefined }[] = [];

beforeEach(async () => {
  seen.length = 0;
  answers = [];
  server = createServer((request: IncomingMessage, response) => {
    const key = request.headers[launchKeyHeader];
    seen.push({ path: request.url ?? '', key: typeof key === 'string' ? key : undefined });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answers.shift() ?? { ok: false, error: { code: 'internal', message: 'no answer set' } }));
  });
  await new Promise<void>((resolve) => { server.listen(0, '127.0.0.1', resolve); });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sessionStorage.clear();
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => { server.close(() => { resolve(); }); });
  history.replaceState(null, '', '/');
});

/** The window as startPage sees it, with the page's own origin standing for the test host. */
function page(api?: TitleDeskApi): PageContext {
  const viaTestHost = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (typeof input !== 'string') throw new Error('The page start asks by path.');
    return globalThis.fetch(`${origin}${input}`, init);
  };
  return {
    api,
    location: window.location,
    history: window.history,
    sessionStorage: window.sessionStorage,
    fetch: viaTestHost,
  };
}

describe('the page start (browser mode)', () => {
  it('asks for the environment list at once, with the launch key, and the bridge takes that answer for its first call', async () => {
    const list = { environments: [], selectedId: 'sandbox' };
    answers = [{ ok: true, data: list }, { ok: true, data: { ...list, loadProblem: 'asked again' } }];
    history.replaceState(null, '', '/index.html#key=k-123');
    const started = startPage(page());
    expect(started.host.kind).toBe('web');
    if (started.host.kind !== 'web') return;
    expect(started.host.launchKey).toBe('k-123');
    expect(location.hash).toBe('');
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toEqual({ path: '/api/invoke/environment%3Alist', key: 'k-123' });

    const bridge = createWebBridge({ launchKey: started.host.launchKey, fetch: globalThis.fetch, origin, early: started.host.environments });
    expect(await bridge['environment:list'](undefined)).toEqual({ ok: true, data: list });
    expect(seen).toHaveLength(1);
    // Taken once: the next call asks the host again.
    expect(await bridge['environment:list'](undefined)).toEqual({ ok: true, data: { ...list, loadProblem: 'asked again' } });
    expect(seen).toHaveLength(2);
  });

  it('checks the early answer against the contract like any other', async () => {
    answers = [{ ok: true, data: { environments: 'not a list', selectedId: 'sandbox' } }];
    history.replaceState(null, '', '/#key=k');
    const started = startPage(page());
    if (started.host.kind !== 'web') throw new Error('expected browser mode');
    const bridge = createWebBridge({ launchKey: 'k', fetch: globalThis.fetch, origin, early: started.host.environments });
    expect(await bridge['environment:list'](undefined)).toMatchObject({ ok: false, error: { code: 'protocol' } });
  });

  it('sends nothing without a launch key', async () => {
    const started = startPage(page());
    expect(started.host).toEqual({ kind: 'web', launchKey: undefined, environments: undefined });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
  });

  it('takes a purchase to open from the fragment before the launch key', () => {
    history.replaceState(null, '', '/#open=p-77');
    expect(startPage(page()).openPurchase).toBe('p-77');
    expect(location.hash).toBe('');
  });
});

describe('the page start (desktop app)', () => {
  it('asks the preload once, and the checked api takes that answer for its first environment list', async () => {
    const fake = createFakeApi();
    const started = startPage(page(fake.api));
    if (started.host.kind !== 'desktop') throw new Error('expected the desktop host');
    await expect.poll(() => fake.callsTo('environment:list').length).toBe(1);
    const api = checkedApi(started.host.api, started.host.environments);
    const first = await api['environment:list'](undefined);
    expect(first).toMatchObject({ ok: true });
    expect(fake.callsTo('environment:list')).toHaveLength(1);
    await api['environment:list'](undefined);
    expect(fake.callsTo('environment:list')).toHaveLength(2);
    // Other channels were never held back.
    expect(await api['auth:state']({ environmentId: 'nowhere' })).toMatchObject({ ok: false });
    expect(seen).toEqual([]);
  });
});
