import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshPairs, startHarness, statusesOf, type Harness } from '../fixtures/purchase-harness.ts';

let h: Harness;

beforeAll(async () => {
  // Every 202 says max-age=0 until the data is ready, 3 s after the POST.
  h = await startHarness({ pacing: { retryAfterSeconds: [0, 0], maxAgeSeconds: [0, 0], readySeconds: [3, 3] } });
});

afterAll(async () => {
  await h.close();
});

it('follows a 202 with max-age=0 no sooner than a second later, never in a hot loop', async () => {
  const service = h.newService();
  const { title, variable } = freshPairs(h.sandbox)();
  const done = await service.waitForSettled((await service.create(h.env, title, [variable])).id);
  expect(done.state).toBe('available');
  const gets = h.sandbox.log().filter((entry) => entry.class === 'result');
  expect(gets.filter((entry) => entry.status === 202).map((entry) => entry.adviceSeconds)).not.toContain(undefined);
  expect(gets.some((entry) => entry.status === 202 && entry.adviceSeconds === 0)).toBe(true);
  for (let i = 1; i < gets.length; i += 1) {
    // Measured on the sandbox's clock: from the 202 leaving it to the next GET arriving.
    expect((gets[i]?.arrivedAt ?? 0) - (gets[i - 1]?.time ?? Infinity)).toBeGreaterThanOrEqual(1000);
  }
  // 3 s at one GET a second: the first GET at once, then about one a second.
  expect(gets.length).toBeLessThanOrEqual(5);
  expect(statusesOf(done).at(-1)).toBe('GET 200');
});
