import type { Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpAgent } from '../../../electron/core/http/agent.ts';
import { sendHttp } from '../../../electron/core/http/send-http.ts';
import { osAndNodeCertificates, trustedCertificates } from '../../../electron/core/http/trust.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { createTestCertificates, type TestCertificates } from '../fixtures/test-ca.ts';

/**
 * The agent reads its trusted roots when its first TLS connection is made, not when it is built:
 * plain HTTP (the embedded sandbox) never pays for them. The roots it reads are the ones it uses.
 */
let certificates: TestCertificates;
let plainSandbox: RunningSandbox;
let tlsSandbox: RunningSandbox;
const agents: Dispatcher[] = [];

beforeAll(async () => {
  certificates = createTestCertificates({ dns: ['localhost'], ip: ['127.0.0.1'] });
  plainSandbox = await startSandbox();
  tlsSandbox = await startSandbox({ tls: { key: certificates.key, cert: certificates.cert }, publicHost: 'localhost' });
});

afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
});

afterAll(async () => {
  await Promise.all([plainSandbox.close(), tlsSandbox.close()]);
  certificates.remove();
});

/** An agent whose roots are Node's plus the test CA as the "system store", counting each read. */
function countingAgent(system: () => readonly string[]): { agent: Dispatcher; reads: () => number } {
  let reads = 0;
  const agent = createHttpAgent({
    ca: () => {
      reads += 1;
      return trustedCertificates({ node: osAndNodeCertificates.node, system });
    },
  });
  agents.push(agent);
  return { agent, reads: () => reads };
}

const discovery = (sandbox: RunningSandbox): URL => new URL(`${sandbox.baseUrl}/.well-known/openid-configuration`);

describe('trusted roots, read on the first TLS connection', () => {
  it('reads no roots for plain HTTP', async () => {
    const { agent, reads } = countingAgent(() => [certificates.caPem]);
    const responses = await Promise.all([1, 2, 3].map(() => sendHttp(agent, { method: 'GET', url: discovery(plainSandbox) })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(reads()).toBe(0);
  });

  it('reads them once for HTTPS, and trusts what it read', async () => {
    const { agent, reads } = countingAgent(() => [certificates.caPem]);
    expect((await sendHttp(agent, { method: 'GET', url: discovery(plainSandbox) })).status).toBe(200);
    expect(reads()).toBe(0);
    const responses = await Promise.all([1, 2, 3].map(() => sendHttp(agent, { method: 'GET', url: discovery(tlsSandbox) })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(reads()).toBe(1);
  });

  it('refuses a server whose root is not among those read', async () => {
    const { agent, reads } = countingAgent(() => []);
    // A certificate the roots cannot verify fails the connection, before anything is sent.
    await expect(sendHttp(agent, { method: 'GET', url: discovery(tlsSandbox) })).rejects.toThrow(`Could not connect to ${new URL(tlsSandbox.baseUrl).origin}.`);
    expect(reads()).toBe(1);
  });
});
