import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpAgent } from '../../../electron/core/http/agent.ts';
import type { ProxyResolver } from '../../../electron/core/http/proxy-routes.ts';
import { sendHttp } from '../../../electron/core/http/send-http.ts';
import { osAndNodeCertificates, trustedCertificates } from '../../../electron/core/http/trust.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { startConnectProxy, type ConnectProxy } from '../fixtures/connect-proxy.ts';
import { createTestCertificates, type TestCertificates } from '../fixtures/test-ca.ts';

/**
 * An office network on loopback: the service (the sandbox) speaks HTTPS with a certificate from
 * a CA that only this test's "system store" trusts, as a TLS-inspecting proxy's root would be,
 * and sits behind a CONNECT proxy that records every tunnel. Its host name, sandbox.test, is
 * resolved by the proxy's own table; the CLI children also get a hosts entry for it (so that a
 * NO_PROXY bypass can succeed), the in-process agents do not (there only the proxy can reach it).
 * Trust: the CLI children find the CA through OpenSSL's system-store variables, the real path
 * of getCACertificates('system') on Linux; in-process, the CA is injected as the system source
 * of trustedCertificates(), since a process reads its system store once and vitest workers are
 * shared.
 */
const bin = join(import.meta.dirname, '..', '..', '..', 'bin', 'titledesk.mjs');
const hostsEntry = join(import.meta.dirname, '..', 'fixtures', 'hosts-sandbox-test.ts');

let certificates: TestCertificates;
let sandbox: RunningSandbox;
let proxy: ConnectProxy;
let scratch: string;
let emptyCertDir: string;

beforeAll(async () => {
  certificates = createTestCertificates({ dns: ['sandbox.test', 'localhost'], ip: ['127.0.0.1'] });
  sandbox = await startSandbox({ tls: { key: certificates.key, cert: certificates.cert }, publicHost: 'sandbox.test' });
  proxy = await startConnectProxy({ 'sandbox.test': '127.0.0.1' });
  scratch = mkdtempSync(join(tmpdir(), 'titledesk-corporate-'));
  emptyCertDir = join(scratch, 'no-certs');
  // An empty system store directory and file: the test decides what the "system" trusts.
  mkdirSync(emptyCertDir);
  writeFileSync(join(scratch, 'placeholder'), '');
});

afterAll(async () => {
  await proxy.close();
  await sandbox.close();
  certificates.remove();
  rmSync(scratch, { recursive: true, force: true });
});

const port = (): string => new URL(sandbox.baseUrl).port;

describe('the CLI and browser mode behind an office proxy (environment variables)', () => {
  interface Run { code: number | null; stdout: string; stderr: string }

  /**
   * The real titledesk command in a child process. Its "system store" is the test CA alone
   * (SSL_CERT_FILE / SSL_CERT_DIR are where OpenSSL, and so Node, finds the system roots on
   * Linux); NODE_EXTRA_CA_CERTS is removed so nothing else can make the CA trusted.
   */
  function runCli(args: string[], env: Record<string, string>): Promise<Run> {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) =>
      !/^(WF_|LOQATE_|TITLEDESK_|NODE_EXTRA_CA_CERTS$|SSL_CERT_|https?_proxy$|HTTPS?_PROXY$|no_proxy$|NO_PROXY$)/.test(name)));
    const child = spawn(process.execPath, ['--import', hostsEntry, bin, ...args], {
      env: {
        ...inherited,
        TITLEDESK_DATA_DIR: join(scratch, 'data'),
        WF_CLIENT_ID: sandbox.config.machine.clientId,
        WF_CLIENT_SECRET: sandbox.config.machine.clientSecret,
        SSL_CERT_DIR: emptyCertDir,
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => child.on('close', (code) => { resolve({ code, stdout, stderr }); }));
  }

  const catalog = (): string[] => ['catalog', '--title', sandbox.config.sampleTitles[0] ?? 'DN1', '--json', '--base-url', sandbox.baseUrl];

  it('reaches the service through HTTPS_PROXY, trusting a root found only in the system store', async () => {
    proxy.tunnels.length = 0;
    const run = await runCli(catalog(), { HTTPS_PROXY: proxy.url, SSL_CERT_FILE: certificates.caFile });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ titleNumber: sandbox.config.sampleTitles[0] });
    // Discovery, token and catalog all went through the tunnel to the service's own host and port.
    expect(proxy.tunnels.length).toBeGreaterThan(0);
    expect(new Set(proxy.tunnels)).toEqual(new Set([`sandbox.test:${port()}`]));
    expect(sandbox.stats().token).toBeGreaterThan(0);
  });

  it('refuses the service when its root is not in the system store (nothing else trusts it)', async () => {
    proxy.tunnels.length = 0;
    const run = await runCli(catalog(), { HTTPS_PROXY: proxy.url, SSL_CERT_FILE: join(scratch, 'placeholder') });
    expect(run.code).toBe(5);
    expect(run.stderr).toContain(`Could not connect to https://sandbox.test:${port()}`);
    expect(proxy.tunnels).toContain(`sandbox.test:${port()}`);
  });

  it('bypasses the proxy for hosts in NO_PROXY, connecting directly', async () => {
    proxy.tunnels.length = 0;
    const run = await runCli(catalog(), { HTTPS_PROXY: proxy.url, NO_PROXY: 'example.org,sandbox.test', SSL_CERT_FILE: certificates.caFile });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(proxy.tunnels).toEqual([]);
  });

  it('never sends loopback through the proxy, so the built-in sandbox works behind one', async () => {
    proxy.tunnels.length = 0;
    // No --base-url: the CLI starts the built-in sandbox on 127.0.0.1 (plain HTTP, same seed).
    const run = await runCli(['catalog', '--title', sandbox.config.sampleTitles[0] ?? 'DN1', '--json'], { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(proxy.tunnels).toEqual([]);
  });
});

describe('the desktop app behind a proxy its OS names per origin (a resolver)', () => {
  const agents: Dispatcher[] = [];
  afterEach(async () => {
    for (const agent of agents.splice(0)) await agent.close();
  });

  /** Stands in for Electron's session.resolveProxy, which cannot run here; counts the questions. */
  function resolver(answers: Record<string, string>): ProxyResolver & { asked: string[] } {
    const asked: string[] = [];
    return { asked, resolveProxy: (url) => { asked.push(url); return Promise.resolve(answers[new URL(url).host] ?? 'DIRECT'); } };
  }

  function agentWith(proxyResolver: ProxyResolver): Dispatcher {
    // The trust set built by the same function as in production, with the test CA as the "system store".
    const ca = trustedCertificates({ node: osAndNodeCertificates.node, system: () => [certificates.caPem] });
    const agent = createHttpAgent({ proxyResolver, ca });
    agents.push(agent);
    return agent;
  }

  it('tunnels each request through the proxy the resolver names, asking once for the origin', async () => {
    proxy.tunnels.length = 0;
    const proxyResolver = resolver({ [`sandbox.test:${port()}`]: `PROXY ${new URL(proxy.url).host}; DIRECT` });
    const agent = agentWith(proxyResolver);
    const url = new URL(`${sandbox.baseUrl}/.well-known/openid-configuration`);
    const responses = await Promise.all(Array.from({ length: 5 }, () => sendHttp(agent, { method: 'GET', url })));
    const later = await sendHttp(agent, { method: 'GET', url });
    expect([...responses, later].map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(JSON.parse(later.body)).toHaveProperty('token_endpoint', `${sandbox.baseUrl}/oauth2/token`);
    expect(proxyResolver.asked).toEqual([`https://sandbox.test:${port()}/`]);
    expect(proxy.tunnels.length).toBeGreaterThan(0);
    expect(new Set(proxy.tunnels)).toEqual(new Set([`sandbox.test:${port()}`]));
  });

  it('goes direct where the resolver says DIRECT, and the proxy sees nothing', async () => {
    proxy.tunnels.length = 0;
    const loopbackSandbox = await startSandbox({ tls: { key: certificates.key, cert: certificates.cert }, publicHost: 'localhost' });
    try {
      const proxyResolver = resolver({});
      const agent = agentWith(proxyResolver);
      const response = await sendHttp(agent, { method: 'GET', url: new URL(`${loopbackSandbox.baseUrl}/.well-known/openid-configuration`) });
      expect(response.status).toBe(200);
      expect(proxy.tunnels).toEqual([]);
      // Loopback is never even asked about.
      expect(proxyResolver.asked).toEqual([]);
    } finally {
      await loopbackSandbox.close();
    }
  });
});
