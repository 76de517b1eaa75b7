import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import type { ProxyRoute } from '../../../../electron/core/http/proxy-rules.ts';
import { ProxyRoutes } from '../../../../electron/core/http/proxy-routes.ts';
import { ResolvingDispatcher } from '../../../../electron/core/http/resolving-dispatcher.ts';

/** A dispatcher that records what reaches it: one per route, as the agent builds them. */
function recordingTarget(name: string, log: string[]): Dispatcher {
  const target: unknown = {
    dispatch: (options: Dispatcher.DispatchOptions) => { log.push(`${name} ${String(options.origin)}${options.path}`); return true; },
    close: () => { log.push(`${name} closed`); return Promise.resolve(); },
    destroy: () => { log.push(`${name} destroyed`); return Promise.resolve(); },
  };
  return target as Dispatcher;
}

function setUp(answers: Record<string, string>): { dispatcher: ResolvingDispatcher; log: string[]; built: ProxyRoute[] } {
  const log: string[] = [];
  const built: ProxyRoute[] = [];
  const routes = new ProxyRoutes({ resolver: { resolveProxy: (url) => Promise.resolve(answers[new URL(url).origin] ?? 'DIRECT') } });
  const dispatcher = new ResolvingDispatcher(routes, (route) => {
    built.push(route);
    return recordingTarget(route.kind === 'direct' ? 'direct' : route.uri, log);
  });
  return { dispatcher, log, built };
}

const handler = {} as Dispatcher.DispatchHandler;
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ResolvingDispatcher', () => {
  it('hands each request to the target of its origin, building one target per route', async () => {
    const { dispatcher, log, built } = setUp({ 'https://a.example': 'PROXY p.corp:1', 'https://b.example': 'PROXY p.corp:1', 'https://c.example': 'DIRECT' });
    for (const origin of ['https://a.example', 'https://b.example', 'https://c.example', 'http://127.0.0.1:4010', 'https://a.example']) {
      expect(dispatcher.dispatch({ origin, path: '/x', method: 'GET' }, handler)).toBe(true);
    }
    await settle();
    expect([...log].sort()).toEqual([
      'direct http://127.0.0.1:4010/x', 'direct https://c.example/x',
      'http://p.corp:1 https://a.example/x', 'http://p.corp:1 https://a.example/x', 'http://p.corp:1 https://b.example/x',
    ]);
    expect(built).toHaveLength(2);
  });

  it('closes and destroys every target it built, with a promise or a callback', async () => {
    const { dispatcher, log } = setUp({ 'https://a.example': 'PROXY p.corp:1' });
    dispatcher.dispatch({ origin: 'https://a.example', path: '/', method: 'GET' }, handler);
    dispatcher.dispatch({ origin: 'https://c.example', path: '/', method: 'GET' }, handler);
    await settle();
    await dispatcher.close();
    await new Promise<void>((resolve) => { dispatcher.destroy(null, resolve); });
    expect(log.filter((line) => line.endsWith('closed') || line.endsWith('destroyed')).sort())
      .toEqual(['direct closed', 'direct destroyed', 'http://p.corp:1 closed', 'http://p.corp:1 destroyed']);
  });
});
