import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../electron/sandbox/index.ts';
import { basic, developerToken, formType, getResult, purchase, sleep } from './sandbox-support.ts';

const running: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});

async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ pacing: { retryAfterSeconds: [0, 0], maxAgeSeconds: [0, 0], readySeconds: [1, 1] }, ...options });
  running.push(sandbox);
  return sandbox;
}

function machineTokenRequest(sandbox: RunningSandbox): Promise<Response> {
  const { clientId, clientSecret } = sandbox.config.machine;
  return fetch(`${sandbox.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': formType, Authorization: basic(clientId, clientSecret) },
    body: 'grant_type=client_credentials',
  });
}

/** A raw POST whose connection is closed by the server without an answer rejects with a socket error. */
function rawPurchase(sandbox: RunningSandbox, token: string): Promise<number> {
  const body = JSON.stringify({ '@context': `${sandbox.baseUrl}/.hydra/context.jsonld`, '@type': 'PurchaseVariableAction', variables: sandbox.config.sampleVariables });
  const url = new URL(`/world/GB-eaw/titles/${sandbox.config.sampleTitles[0] ?? ''}/catalog`, sandbox.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/ld+json', Prefer: 'respond-async' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('status faults', () => {
  it('forces 500, 503 with Retry-After and 504 on token, purchase and result requests, for the next N', async () => {
    const sandbox = await start({ faults: [{ target: 'token', kind: 'status503', count: 1, retryAfterSeconds: 7 }] });
    const unavailable = await machineTokenRequest(sandbox);
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('7');
    expect((await machineTokenRequest(sandbox)).status).toBe(200);

    const token = await developerToken(sandbox);
    sandbox.setFaults([{ target: 'purchase', kind: 'status500', count: 2 }]);
    const title = sandbox.config.sampleTitles[0] ?? '';
    expect((await purchase(sandbox, token, title, sandbox.config.sampleVariables)).status).toBe(500);
    expect((await purchase(sandbox, token, title, sandbox.config.sampleVariables)).status).toBe(500);
    const posted = await purchase(sandbox, token, title, sandbox.config.sampleVariables);
    expect(posted.status).toBe(303);

    sandbox.setFaults([{ target: 'result', kind: 'status504' }]);
    const location = posted.headers.get('location') ?? '';
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await getResult(sandbox, token, location)).status).toBe(504);
    sandbox.setFaults([]);
    expect([200, 202]).toContain((await getResult(sandbox, token, location)).status);
  });

  it('leaves other request classes alone', async () => {
    const sandbox = await start({ faults: [{ target: 'result', kind: 'status500' }] });
    expect((await machineTokenRequest(sandbox)).status).toBe(200);
    expect((await fetch(`${sandbox.baseUrl}/.well-known/openid-configuration`)).status).toBe(200);
  });

  it('refuses an invalid fault rule', async () => {
    await expect(startSandbox({ faults: [{ target: 'token', kind: 'status500', count: 0 }] })).rejects.toThrow();
  });
});

describe('drop', () => {
  it('processes a purchase and then closes the connection without an answer: the purchase exists', async () => {
    const sandbox = await start({ faults: [{ target: 'purchase', kind: 'drop', count: 1 }] });
    const token = await developerToken(sandbox);
    await expect(rawPurchase(sandbox, token)).rejects.toThrow();
    expect(sandbox.log().at(-1)).toMatchObject({ method: 'POST', status: 0, class: 'purchase' });
    // Had the dropped purchase not been made, buying again would now take a second (303); it was
    // made, so once its data is ready the same purchase is answered from what was bought.
    await sleep(1100);
    expect(await rawPurchase(sandbox, token)).toBe(200);
  });

  it('drops token and result requests too', async () => {
    const sandbox = await start({ faults: [{ target: 'token', kind: 'drop', count: 1 }] });
    await expect(machineTokenRequest(sandbox)).rejects.toThrow();
    expect((await machineTokenRequest(sandbox)).status).toBe(200);
  });
});

describe('latency', () => {
  it('delays the answer by at least the given time and then answers normally', async () => {
    const sandbox = await start({ faults: [{ target: 'token', kind: 'latency', latencyMs: 300, count: 1 }] });
    const started = Date.now();
    expect((await machineTokenRequest(sandbox)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('does not hold close() open while a delayed request waits', async () => {
    const sandbox = await startSandbox({ faults: [{ target: 'token', kind: 'latency', latencyMs: 60_000 }] });
    const pending = machineTokenRequest(sandbox).then(
      () => 'answered',
      () => 'failed',
    );
    await sleep(100);
    await sandbox.close();
    expect(await pending).toBe('failed');
  });
});
