import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * electron/core/http/undici-parts.ts imports undici's modules by path to keep the package index
 * (fetch, WebSocket, mocks, caches) out of every start. undici does not promise those paths: this
 * pins each to the export the index gives, so an upgrade that moves or replaces one fails here,
 * by name, instead of at start-up or, worse, with a part that no longer matches the public one.
 */
const parts = [
  { path: 'undici/lib/dispatcher/agent.js', from: 'Agent' },
  { path: 'undici/lib/dispatcher/dispatcher.js', from: 'Dispatcher' },
  { path: 'undici/lib/dispatcher/env-http-proxy-agent.js', from: 'EnvHttpProxyAgent' },
  { path: 'undici/lib/dispatcher/proxy-agent.js', from: 'ProxyAgent' },
  { path: 'undici/lib/core/connect.js', from: 'buildConnector' },
  { path: 'undici/lib/api/api-connect.js', from: 'Dispatcher.prototype.connect' },
] as const;

async function deepPart(path: string): Promise<unknown> {
  try {
    const module = (await import(path)) as { default: unknown };
    return module.default;
  } catch (error) {
    throw new Error(`undici no longer has ${path}, which electron/core/http/undici-parts.ts imports: find where this undici keeps it and update both files.`, { cause: error });
  }
}

function publicPart(undici: Record<string, unknown>, name: string): unknown {
  if (name === 'Dispatcher.prototype.connect') return (undici.Dispatcher as { prototype: Record<string, unknown> }).prototype.connect;
  return undici[name];
}

describe("undici's modules imported by path (electron/core/http/undici-parts.ts)", () => {
  it('pins every path the file imports', () => {
    const source = readFileSync(new URL('../../../../electron/core/http/undici-parts.ts', import.meta.url), 'utf8');
    const imported = [...source.matchAll(/from '(undici\/[^']+)'/g)].map((match) => match[1]).sort();
    expect(imported).toEqual(parts.map((part) => part.path).sort());
  });

  it.each(parts)('$path is still what the package index exports as $from', async ({ path, from }) => {
    const undici = (await import('undici')) as unknown as Record<string, unknown>;
    const part = await deepPart(path);
    expect(typeof part, `${path} should export a function`).toBe('function');
    expect(part === publicPart(undici, from), `${path} is no longer undici's ${from}: update electron/core/http/undici-parts.ts`).toBe(true);
  });
});
