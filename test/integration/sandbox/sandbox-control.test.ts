import { Agent, fetch as undiciFetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../electron/sandbox/index.ts';
import { basic, developerToken, formType, machineToken, purchase } from './sandbox-support.ts';

const running: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});

async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = await startSandbox(options);
  running.push(sandbox);
  return sandbox;
}

const logSchema = z.array(
  z.strictObject({
    time: z.number(),
    arrivedAt: z.number(),
    method: z.string(),
    path: z.string(),
    status: z.int(),
    class: z.string(),
    purchaseId: z.string().optional(),
    adviceSeconds: z.int().optional(),
  }),
);
const statsSchema = z.record(z.string(), z.int());

function putFaults(sandbox: RunningSandbox, body: string): Promise<Response> {
  return fetch(`${sandbox.baseUrl}/_sandbox/faults`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body });
}

describe('control API', () => {
  it('is off by default: every /_sandbox/ path is 404', async () => {
    const sandbox = await start();
    for (const path of ['/_sandbox/log', '/_sandbox/stats', '/_sandbox/purchases', '/_sandbox/faults']) {
      expect((await fetch(`${sandbox.baseUrl}${path}`)).status, path).toBe(404);
    }
    expect((await putFaults(sandbox, '[]')).status).toBe(404);
  });

  it('serves the log and the stats when enabled, and keeps itself out of them', async () => {
    const sandbox = await start({ control: true });
    const token = await developerToken(sandbox);
    await machineToken(sandbox);
    await purchase(sandbox, token, sandbox.config.sampleTitles[0] ?? '', sandbox.config.sampleVariables);
    await fetch(`${sandbox.baseUrl}/_sandbox/stats`);
    const log = logSchema.parse(await (await fetch(`${sandbox.baseUrl}/_sandbox/log`)).json());
    expect(log.map((entry) => [entry.method, entry.path, entry.class])).toEqual([
      ['POST', '/oauth2/token', 'token'],
      ['POST', '/oauth2/token', 'token'],
      ['POST', `/world/GB-eaw/titles/${sandbox.config.sampleTitles[0] ?? ''}/catalog`, 'purchase'],
    ]);
    const stats = statsSchema.parse(await (await fetch(`${sandbox.baseUrl}/_sandbox/stats`)).json());
    expect(stats).toMatchObject({ token: 2, purchase: 1, result: 0, discovery: 0 });
    expect(sandbox.stats()).toEqual(stats);
    expect(sandbox.log()).toEqual(log);
    // The purchase's entry names it and carries the advice its 303 gave; the sandbox's record of it matches.
    const posted = log[2];
    const timings = z.array(z.object({ id: z.string(), sequence: z.int(), checkpoints: z.array(z.number()) })).parse(await (await fetch(`${sandbox.baseUrl}/_sandbox/purchases`)).json());
    expect(timings).toMatchObject([{ id: posted?.purchaseId, sequence: 1 }]);
    expect(posted?.adviceSeconds).toBeTypeOf('number');
    expect(posted?.arrivedAt).toBeLessThanOrEqual(posted?.time ?? 0);
  });

  it('sets, lists and clears faults, and answers 422 to invalid rules', async () => {
    const sandbox = await start({ control: true });
    for (const bad of ['not json', '{"target":"token"}', '[{"target":"token","kind":"explode"}]', '[{"target":"auth","kind":"drop"}]', '[{"target":"token","kind":"drop","count":-1}]']) {
      expect((await putFaults(sandbox, bad)).status, bad).toBe(422);
    }
    const set = await putFaults(sandbox, JSON.stringify([{ target: 'token', kind: 'status503', count: 1, retryAfterSeconds: 3 }]));
    expect(set.status).toBe(200);
    const { clientId, clientSecret } = sandbox.config.machine;
    const tokenRequest = (): Promise<Response> =>
      fetch(`${sandbox.baseUrl}/oauth2/token`, { method: 'POST', headers: { 'Content-Type': formType, Authorization: basic(clientId, clientSecret) }, body: 'grant_type=client_credentials' });
    expect((await tokenRequest()).status).toBe(503);
    expect((await tokenRequest()).status).toBe(200);

    await putFaults(sandbox, JSON.stringify([{ target: 'token', kind: 'status500' }]));
    expect(z.array(z.unknown()).parse(await (await fetch(`${sandbox.baseUrl}/_sandbox/faults`)).json())).toHaveLength(1);
    expect((await fetch(`${sandbox.baseUrl}/_sandbox/faults`, { method: 'DELETE' })).status).toBe(204);
    expect((await tokenRequest()).status).toBe(200);
  });
});

describe('request log', () => {
  it('is bounded, while the stats count every request', async () => {
    const sandbox = await start({ logLimit: 3 });
    for (let index = 0; index < 8; index += 1) await fetch(`${sandbox.baseUrl}/.well-known/openid-configuration`);
    expect(sandbox.log()).toHaveLength(3);
    expect(sandbox.stats().discovery).toBe(8);
  });

  it('never holds a token, a secret or a provider key', async () => {
    const sandbox = await start({ control: true });
    const token = await developerToken(sandbox);
    await machineToken(sandbox);
    await purchase(sandbox, token, sandbox.config.sampleTitles[0] ?? '', sandbox.config.sampleVariables);
    const { key, findUrl } = sandbox.config.addressProvider;
    await fetch(`${findUrl}?Key=${key}&Text=LS23`);
    const text = await (await fetch(`${sandbox.baseUrl}/_sandbox/log`)).text();
    expect(text).toContain('provider');
    for (const secret of [token, sandbox.config.developer.refreshToken, sandbox.config.machine.clientSecret, key]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('connections', () => {
  it('keeps connections alive and still closes promptly with one open', async () => {
    const sandbox = await startSandbox();
    const agent = new Agent({ keepAliveTimeout: 60_000 });
    try {
      const first = await undiciFetch(`${sandbox.baseUrl}/.well-known/openid-configuration`, { dispatcher: agent });
      await first.arrayBuffer();
      expect(first.headers.get('connection')).not.toBe('close');
      expect(first.headers.get('keep-alive')).toMatch(/timeout=/);
      await sandbox.close();
      await expect(undiciFetch(`${sandbox.baseUrl}/.well-known/openid-configuration`, { dispatcher: agent })).rejects.toThrow();
    } finally {
      await agent.close();
    }
  });
});
