import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Dispatcher } from 'undici';
import readXlsxFile from 'read-excel-file/node';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainBundleOptions } from '../../../build/main-bundle-options.ts';
import { basicAuthorization } from '../../../electron/core/auth/token-request.ts';
import type { createHttpAgent as CreateHttpAgent } from '../../../electron/core/http/agent.ts';
import type { sendHttp as SendHttp } from '../../../electron/core/http/send-http.ts';
import type { exportXlsx as ExportXlsx } from '../../../electron/core/batch/batch-export.ts';
import type { ConfSettingsStore as ConfSettingsStoreType } from '../../../electron/core/settings/conf-settings-store.ts';
import { defaultSettings } from '../../../electron/core/settings/settings-store.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { startConnectProxy, type ConnectProxy } from '../fixtures/connect-proxy.ts';
import { createTestCertificates, type TestCertificates } from '../fixtures/test-ca.ts';

/**
 * The desktop app cannot run here, and its main bundle imports only parts of undici and conf,
 * with stand-ins for what it never runs, minified. So core's HTTP stack and settings store are
 * bundled with exactly those options, and the bundle itself talks to the HTTPS sandbox,
 * directly and through a proxy, and keeps settings through conf.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const fromRoot = (path: string): string => join(root, path);

let out: string;
let bundled: { createHttpAgent: typeof CreateHttpAgent; sendHttp: typeof SendHttp; ConfSettingsStore: typeof ConfSettingsStoreType; exportXlsx: typeof ExportXlsx };
let certificates: TestCertificates;
let sandbox: RunningSandbox;
let proxy: ConnectProxy;
const agents: Dispatcher[] = [];

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'titledesk-bundled-core-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    ...mainBundleOptions(fromRoot),
    ssr: { noExternal: true },
    build: {
      ssr: fromRoot('test/integration/fixtures/bundled-core-entry.ts'),
      outDir: out,
      target: 'node24',
      rolldownOptions: { output: { entryFileNames: 'core.mjs', minify: true } },
    },
  });
  bundled = await import(pathToFileURL(join(out, 'core.mjs')).href) as typeof bundled;
  certificates = createTestCertificates({ dns: ['sandbox.test', 'localhost'], ip: ['127.0.0.1'] });
  sandbox = await startSandbox({ tls: { key: certificates.key, cert: certificates.cert }, publicHost: 'sandbox.test' });
  proxy = await startConnectProxy({ 'sandbox.test': '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  for (const agent of agents) await agent.close();
  await proxy.close();
  await sandbox.close();
  certificates.remove();
  rmSync(out, { recursive: true, force: true });
});

describe('core as the desktop bundle carries it', () => {
  it('bundles no undici index, ajv or semver, only the stand-ins that refuse them', () => {
    const code = readFileSync(join(out, 'core.mjs'), 'utf8');
    for (const refusal of ['FormData request bodies are not bundled', 'JSON-schema validation is not bundled', 'Settings-store migrations are not bundled']) {
      expect(code).toContain(refusal);
    }
    expect(code).not.toContain('MockAgent');
    expect(code.split('\n').length).toBeLessThan(200);
  });

  it('tunnels through the proxy the resolver names and trusts the given roots', async () => {
    const agent = bundled.createHttpAgent({
      proxyResolver: { resolveProxy: () => Promise.resolve(`PROXY ${new URL(proxy.url).host}`) },
      ca: [certificates.caPem],
    });
    agents.push(agent);
    const discovery = await bundled.sendHttp(agent, { method: 'GET', url: new URL(`${sandbox.baseUrl}/.well-known/openid-configuration`) });
    expect(discovery.status).toBe(200);
    const token = await bundled.sendHttp(agent, {
      method: 'POST',
      url: new URL(`${sandbox.baseUrl}/oauth2/token`),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuthorization(sandbox.config.machine.clientId, sandbox.config.machine.clientSecret) },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    expect(token.status).toBe(200);
    expect(JSON.parse(token.body)).toHaveProperty('access_token');
    expect(proxy.tunnels).toContain(`sandbox.test:${new URL(sandbox.baseUrl).port}`);
  });

  it('connects directly from the environment agent, refusing an untrusted certificate', async () => {
    const loopback = await startSandbox({ tls: { key: certificates.key, cert: certificates.cert }, publicHost: 'localhost' });
    try {
      const url = new URL(`${loopback.baseUrl}/.well-known/openid-configuration`);
      const trusting = bundled.createHttpAgent({ ca: [certificates.caPem] });
      const untrusting = bundled.createHttpAgent({ ca: [] });
      agents.push(trusting, untrusting);
      expect((await bundled.sendHttp(trusting, { method: 'GET', url })).status).toBe(200);
      await expect(bundled.sendHttp(untrusting, { method: 'GET', url })).rejects.toThrow(/Could not connect/);
    } finally {
      await loopback.close();
    }
  });

  it('keeps settings through conf without ajv or semver, and reads them back', () => {
    const folder = join(out, 'settings');
    const store = new bundled.ConfSettingsStore(folder);
    const settings = { ...defaultSettings, selectedEnvironmentId: 'sandbox', advanced: { ...defaultSettings.advanced, tokenMarginSeconds: 42 } };
    store.save(settings);
    expect(new bundled.ConfSettingsStore(folder).load().settings).toEqual(settings);
    expect(JSON.parse(readFileSync(join(folder, 'settings.json'), 'utf8'))).toMatchObject({ selectedEnvironmentId: 'sandbox' });
  });

  // The desktop build puts the writer in a chunk of its own (package:check checks it is packed).
  it('writes a workbook with the writer it loads on first use', async () => {
    const spec = { environmentId: 'sandbox', source: 'a.csv', columns: ['title_number'], variables: [], tenure: 'all' as const, reuseDays: 30, concurrency: 4, budget: {} };
    const workbook = await bundled.exportXlsx(spec, []);
    // An .xlsx is a zip: it starts with the local file header.
    expect(workbook.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const [sheet] = await readXlsxFile(workbook);
    expect(sheet?.data[0]?.[0]).toBe('title_number');
  });
});
