import { describe, expect, it } from 'vitest';
import { isLoopbackHost, noProxyWithLoopback, proxiesFromEnv, routeFromPac } from '../../../../electron/core/http/proxy-rules.ts';
import { ProxyRoutes, type ProxyResolver } from '../../../../electron/core/http/proxy-routes.ts';
import { trustedCertificates } from '../../../../electron/core/http/trust.ts';
import { osProxyResolver } from '../../../../electron/main/host-services/os-proxy-resolver.ts';

/** A resolver that answers from a table and records every question, as Electron's would be asked. */
function fakeResolver(answers: Record<string, string | Error>): ProxyResolver & { asked: string[]; release: () => void } {
  const asked: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  return {
    asked,
    release: () => { release(); },
    resolveProxy: async (url) => {
      asked.push(url);
      await gate;
      const answer = answers[new URL(url).origin] ?? 'DIRECT';
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

describe('routeFromPac', () => {
  it('takes the first entry undici can use, and direct for anything else', () => {
    expect(routeFromPac('PROXY proxy.corp:8080; DIRECT')).toEqual({ kind: 'proxy', uri: 'http://proxy.corp:8080' });
    expect(routeFromPac('HTTPS secure.corp:443')).toEqual({ kind: 'proxy', uri: 'https://secure.corp' });
    expect(routeFromPac('SOCKS5 socks.corp:1080')).toEqual({ kind: 'proxy', uri: 'socks5://socks.corp:1080' });
    expect(routeFromPac('SOCKS4 old.corp:1080; PROXY next.corp:3128')).toEqual({ kind: 'proxy', uri: 'http://next.corp:3128' });
    expect(routeFromPac('proxy lower.corp:3128')).toEqual({ kind: 'proxy', uri: 'http://lower.corp:3128' });
    for (const answer of ['DIRECT', '', '  ', 'QUIC q.corp:443', 'PROXY', 'PROXY a b', 'PROXY bad host:1', 'DIRECT; PROXY never.corp:1']) {
      expect(routeFromPac(answer), answer).toEqual({ kind: 'direct' });
    }
  });
});

describe('loopback', () => {
  it('is every name and address of this machine, never a look-alike', () => {
    for (const host of ['localhost', 'LOCALHOST.', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['localhost.evil.com', '128.0.0.1', '10.0.0.1', '127.0.0.1.nip.io', 'sandbox.test', '::2']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('is added to the NO_PROXY the user set, which keeps precedence', () => {
    expect(noProxyWithLoopback({})).toBe('localhost,127.0.0.1,::1');
    expect(noProxyWithLoopback({ NO_PROXY: '.corp.example,10.0.0.5' })).toBe('.corp.example,10.0.0.5,localhost,127.0.0.1,::1');
    expect(noProxyWithLoopback({ no_proxy: 'lower', NO_PROXY: 'upper' })).toBe('lower,localhost,127.0.0.1,::1');
  });
});

describe('proxiesFromEnv', () => {
  it('reads the variables as curl does: lower case first, empty is unset, no scheme means http', () => {
    expect(proxiesFromEnv({})).toEqual({});
    expect(proxiesFromEnv({ HTTPS_PROXY: '', HTTP_PROXY: '  ' })).toEqual({});
    expect(proxiesFromEnv({ HTTPS_PROXY: 'proxy.corp:8080' })).toEqual({ httpsProxy: 'http://proxy.corp:8080' });
    expect(proxiesFromEnv({ https_proxy: 'https://lower.corp', HTTPS_PROXY: 'http://upper.corp', HTTP_PROXY: 'socks5://s.corp:1080' }))
      .toEqual({ httpsProxy: 'https://lower.corp', httpProxy: 'socks5://s.corp:1080' });
  });

  it('refuses a value that is no proxy address by its name, never repeating it (it may hold a password)', () => {
    for (const value of ['ftp://user:secret-pw@proxy.corp', 'http://', '::::']) {
      expect(() => proxiesFromEnv({ HTTPS_PROXY: value })).toThrow('HTTPS_PROXY is not a proxy address');
      try {
        proxiesFromEnv({ HTTPS_PROXY: value });
      } catch (error) {
        expect(String(error)).not.toContain('secret-pw');
      }
    }
  });
});

describe('ProxyRoutes', () => {
  it('asks once per origin while concurrent requests wait for the one answer', async () => {
    const resolver = fakeResolver({ 'https://api.example.com': 'PROXY proxy.corp:8080' });
    const routes = new ProxyRoutes({ resolver });
    const waiting = Array.from({ length: 50 }, () => routes.routeFor('https://api.example.com'));
    resolver.release();
    const answers = await Promise.all(waiting);
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify({ kind: 'proxy', uri: 'http://proxy.corp:8080' })]));
    expect(resolver.asked).toEqual(['https://api.example.com/']);
    expect(routes.cached('https://api.example.com/purchases/1')).toEqual({ kind: 'proxy', uri: 'http://proxy.corp:8080' });
  });

  it('keeps origins apart: a PAC file may send each host, scheme or port its own way', async () => {
    const resolver = fakeResolver({ 'https://api.example.com': 'PROXY a.corp:1', 'https://id.example.com': 'DIRECT', 'https://api.example.com:8443': 'PROXY b.corp:2' });
    resolver.release();
    const routes = new ProxyRoutes({ resolver });
    expect(await routes.routeFor('https://api.example.com')).toEqual({ kind: 'proxy', uri: 'http://a.corp:1' });
    expect(await routes.routeFor('https://id.example.com')).toEqual({ kind: 'direct' });
    expect(await routes.routeFor('https://api.example.com:8443')).toEqual({ kind: 'proxy', uri: 'http://b.corp:2' });
    expect(resolver.asked).toEqual(['https://api.example.com/', 'https://id.example.com/', 'https://api.example.com:8443/']);
  });

  it('asks again once the answer is older than its time to live', async () => {
    const resolver = fakeResolver({ 'https://api.example.com': 'PROXY a.corp:1' });
    resolver.release();
    let now = 1_000;
    const routes = new ProxyRoutes({ resolver, ttlMs: 60_000, now: () => now });
    await routes.routeFor('https://api.example.com');
    now += 59_999;
    await routes.routeFor('https://api.example.com');
    expect(resolver.asked).toHaveLength(1);
    now += 1;
    expect(routes.cached('https://api.example.com')).toBeUndefined();
    await routes.routeFor('https://api.example.com');
    expect(resolver.asked).toHaveLength(2);
  });

  it('never asks about loopback: the built-in sandbox is always reached directly', async () => {
    const resolver = fakeResolver({ 'http://127.0.0.1:4010': 'PROXY proxy.corp:8080' });
    const routes = new ProxyRoutes({ resolver });
    expect(await routes.routeFor('http://127.0.0.1:4010')).toEqual({ kind: 'direct' });
    expect(await routes.routeFor('http://localhost:4010')).toEqual({ kind: 'direct' });
    expect(resolver.asked).toEqual([]);
  });

  it('goes direct when the resolver fails, says so, and asks again next time', async () => {
    const resolver = fakeResolver({ 'https://api.example.com': new Error('PAC script failed') });
    resolver.release();
    const errors: string[] = [];
    const routes = new ProxyRoutes({ resolver, onError: (origin, error) => errors.push(`${origin}: ${String(error)}`) });
    expect(await routes.routeFor('https://api.example.com')).toEqual({ kind: 'direct' });
    expect(await routes.routeFor('https://api.example.com')).toEqual({ kind: 'direct' });
    expect(resolver.asked).toHaveLength(2);
    expect(errors).toEqual(['https://api.example.com: Error: PAC script failed', 'https://api.example.com: Error: PAC script failed']);
  });

  it("reaches Electron's session.resolveProxy through the desktop app's adapter", async () => {
    const asked: string[] = [];
    const resolver = osProxyResolver({ resolveProxy: (url) => { asked.push(url); return Promise.resolve('PROXY p.corp:3128'); } });
    expect(await new ProxyRoutes({ resolver }).routeFor('https://api.example.com')).toEqual({ kind: 'proxy', uri: 'http://p.corp:3128' });
    expect(asked).toEqual(['https://api.example.com/']);
  });
});

describe('trustedCertificates', () => {
  it("trusts Node's roots and the operating system's together, each once", () => {
    const trusted = trustedCertificates({ node: () => ['NODE-A', 'BOTH\n'], system: () => ['BOTH', 'CORPORATE-INSPECTION-ROOT'] });
    expect(trusted).toEqual(['NODE-A', 'BOTH', 'CORPORATE-INSPECTION-ROOT']);
  });

  it("keeps Node's roots when the system store cannot be read", () => {
    expect(trustedCertificates({ node: () => ['NODE-A'], system: () => { throw new Error('no system store'); } })).toEqual(['NODE-A']);
  });
});
