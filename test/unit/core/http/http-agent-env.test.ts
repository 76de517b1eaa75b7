import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpAgent } from '../../../../electron/core/http/agent.ts';
import { Agent, EnvHttpProxyAgent } from '../../../../electron/core/http/undici-parts.ts';

const proxyVariables = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy'];

function withoutProxies(value: '' | undefined): void {
  for (const name of proxyVariables) vi.stubEnv(name, value);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('createHttpAgent without a proxy resolver', () => {
  it('is a plain pool when the environment names no proxy (an empty variable is unset)', async () => {
    for (const value of [undefined, ''] as const) {
      withoutProxies(value);
      vi.stubEnv('NO_PROXY', 'example.org');
      const agent = createHttpAgent();
      expect(agent).toBeInstanceOf(Agent);
      expect(agent).not.toBeInstanceOf(EnvHttpProxyAgent);
      await agent.close();
      vi.unstubAllEnvs();
    }
  });

  it('routes through the environment agent once HTTPS_PROXY or HTTP_PROXY is set', async () => {
    for (const name of ['HTTPS_PROXY', 'http_proxy']) {
      withoutProxies(undefined);
      vi.stubEnv(name, 'proxy.corp.example:8080');
      const agent = createHttpAgent();
      expect(agent, name).toBeInstanceOf(EnvHttpProxyAgent);
      await agent.close();
      vi.unstubAllEnvs();
    }
  });
});
