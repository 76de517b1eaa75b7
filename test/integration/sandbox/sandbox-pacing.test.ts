import { afterEach, describe, expect, it } from 'vitest';
import { judgePolling } from '../../../bench/lib/polling/sandbox-judge.ts';
import { startSandbox, type PurchaseTiming, type RunningSandbox, type SandboxOptions } from '../../../electron/sandbox/index.ts';
import { authGet, catalogPath, developerToken, getResult, purchase, sleep } from './sandbox-support.ts';

const running: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});

async function start(options: SandboxOptions): Promise<{ sandbox: RunningSandbox; token: string }> {
  const sandbox = await startSandbox({ control: true, logLimit: 10_000, ...options });
  running.push(sandbox);
  return { sandbox, token: await developerToken(sandbox) };
}

const pacing = { readySeconds: [1, 20], retryAfterSeconds: [1, 3], maxAgeSeconds: [1, 3] } as const;

/** A purchase's readiness and plan relative to its creation, keyed by its sequence number. */
function relativePlans(timings: readonly PurchaseTiming[]): string[] {
  return [...timings]
    .sort((a, b) => a.sequence - b.sequence)
    .map((timing) => `${timing.sequence}: ready +${timing.readyAt - timing.createdAt}; GETs at +${timing.checkpoints.map((at) => at - timing.createdAt).join(', +')}`);
}

async function buy(sandbox: RunningSandbox, token: string, titleIndex: number): Promise<Response> {
  const title = [...sandbox.config.sampleTitles, ...sandbox.config.testTitles][titleIndex] ?? '';
  const response = await purchase(sandbox, token, title, sandbox.config.sampleVariables.slice(0, 1));
  expect(response.status).toBe(303);
  return response;
}

describe('per-purchase pacing', () => {
  it('gives purchase n the same readiness and advice for the same seed, whatever other requests came in between', async () => {
    const quiet = await start({ seed: 11, pacing });
    const busy = await start({ seed: 11, pacing });
    const retryAfter: Record<string, string[]> = { quiet: [], busy: [] };
    for (let index = 0; index < 5; index += 1) retryAfter['quiet']?.push((await buy(quiet.sandbox, quiet.token, index)).headers.get('retry-after') ?? '');
    for (let index = 0; index < 5; index += 1) {
      // Noise a different client would make: a refused POST, catalog reads and early GETs of earlier purchases.
      const refused = await purchase(busy.sandbox, busy.token, busy.sandbox.config.sampleTitles[0] ?? '', busy.sandbox.config.sampleVariables.slice(0, 1), { prefer: null });
      expect(refused.status).toBe(400);
      await authGet(busy.sandbox, busy.token, catalogPath(busy.sandbox.config.sampleTitles[1] ?? ''));
      for (const { id } of busy.sandbox.purchases()) await getResult(busy.sandbox, busy.token, `/purchases/${id}`);
      retryAfter['busy']?.push((await buy(busy.sandbox, busy.token, 4 - index)).headers.get('retry-after') ?? '');
    }
    expect(relativePlans(busy.sandbox.purchases())).toEqual(relativePlans(quiet.sandbox.purchases()));
    expect(retryAfter['busy']).toEqual(retryAfter['quiet']);

    const otherSeed = await start({ seed: 12, pacing });
    for (let index = 0; index < 5; index += 1) await buy(otherSeed.sandbox, otherSeed.token, index);
    expect(relativePlans(otherSeed.sandbox.purchases())).not.toEqual(relativePlans(quiet.sandbox.purchases()));
  });

  it('lets a client that waits exactly as advised make exactly the planned GETs, none early by the log', async () => {
    const { sandbox, token } = await start({ pacing: { readySeconds: [1, 3], retryAfterSeconds: [0, 1], maxAgeSeconds: [1, 1] } });
    const follow = async (titleIndex: number): Promise<number> => {
      const posted = await buy(sandbox, token, titleIndex);
      await sleep(Number(posted.headers.get('retry-after')) * 1000);
      for (let gets = 1; ; gets += 1) {
        const result = await getResult(sandbox, token, posted.headers.get('location') ?? '');
        await result.arrayBuffer();
        if (result.status === 200) return gets;
        expect(result.status).toBe(202);
        await sleep(Number(/max-age=(\d+)/.exec(result.headers.get('cache-control') ?? '')?.[1]) * 1000);
      }
    };
    const gets = await Promise.all([0, 1, 2].map(follow));
    const timings = sandbox.purchases();
    const judged = judgePolling(sandbox.log(), timings);
    expect(judged).toMatchObject({ purchases: 3, earlyGets: 0, withoutResult: 0 });
    expect(judged.gets).toBe(gets.reduce((sum, count) => sum + count, 0));
    expect(judged.minimalGets).toBe(timings.reduce((sum, timing) => sum + timing.checkpoints.length, 0));
    expect(judged.gets).toBe(judged.minimalGets);
  });
});
