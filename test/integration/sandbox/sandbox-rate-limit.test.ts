import { afterEach, describe, expect, it } from 'vitest';
import { parseFaultFlag } from '../../../electron/sandbox/faults.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { developerToken, getResult, machineToken, purchase, sleep } from './sandbox-support.ts';

const running: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});

async function start(): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ control: true, pacing: { retryAfterSeconds: [0, 0], maxAgeSeconds: [5, 5], readySeconds: [60, 60] } });
  running.push(sandbox);
  return sandbox;
}

function buy(sandbox: RunningSandbox, token: string): Promise<Response> {
  return purchase(sandbox, token, sandbox.config.sampleTitles[0] ?? '', sandbox.config.sampleVariables.slice(0, 1));
}

describe('the sandbox\'s rate-limit fault', () => {
  it('answers 429 with Retry-After in seconds, as an HTTP-date with its Date, or without it', async () => {
    const sandbox = await start();
    const token = await developerToken(sandbox);
    sandbox.setFaults([
      { target: 'purchase', kind: 'status429', retryAfterSeconds: 4, count: 1 },
      { target: 'purchase', kind: 'status429', retryAfterSeconds: 4, retryAfterForm: 'date', count: 1 },
      { target: 'purchase', kind: 'status429', retryAfterForm: 'none', count: 1 },
    ]);
    const seconds = await buy(sandbox, token);
    expect([seconds.status, seconds.headers.get('retry-after')]).toEqual([429, '4']);
    const dated = await buy(sandbox, token);
    expect(dated.status).toBe(429);
    const date = Date.parse(dated.headers.get('date') ?? '');
    expect(Date.parse(dated.headers.get('retry-after') ?? '') - date).toBe(4000);
    const bare = await buy(sandbox, token);
    expect([bare.status, bare.headers.get('retry-after')]).toEqual([429, null]);
    expect((await buy(sandbox, token)).status).toBe(303);
    // A 429 made no purchase.
    expect(sandbox.purchases()).toHaveLength(1);
  });

  it('limits each client to so many requests a second, and answers the rest 429 until the next second', async () => {
    const sandbox = await start();
    const developer = await developerToken(sandbox);
    const machine = await machineToken(sandbox);
    const location = (await buy(sandbox, developer)).headers.get('location') ?? '';
    sandbox.setFaults([{ target: 'result', kind: 'rateLimit', perSecond: 2 }]);
    // Start at the top of a second so that the five requests share it.
    await sleep(1000 - (Date.now() % 1000) + 20);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await getResult(sandbox, developer, location)).status);
    const limited = await getResult(sandbox, developer, location);
    expect([...statuses, limited.status]).toEqual([202, 202, 429, 429, 429]);
    expect(limited.headers.get('retry-after')).toBe('1');
    // Another client has its own allowance.
    expect((await getResult(sandbox, machine, location)).status).not.toBe(429);
    await sleep(1000 - (Date.now() % 1000) + 20);
    expect((await getResult(sandbox, developer, location)).status).toBe(202);
  });

  it('is reachable from --fault and from the control API', async () => {
    expect(parseFaultFlag('purchase:status429:2:7')).toEqual({ target: 'purchase', kind: 'status429', count: 2, retryAfterSeconds: 7 });
    expect(parseFaultFlag('result:status429')).toEqual({ target: 'result', kind: 'status429' });
    const sandbox = await start();
    const rules = [{ target: 'purchase', kind: 'status429', retryAfterSeconds: 3, retryAfterForm: 'date' }, { target: 'result', kind: 'rateLimit', perSecond: 10 }];
    const put = await fetch(`${sandbox.baseUrl}/_sandbox/faults`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(rules) });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual(rules);
    expect((await buy(sandbox, await developerToken(sandbox))).status).toBe(429);
  });
});
