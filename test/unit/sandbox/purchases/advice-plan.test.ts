import { describe, expect, it } from 'vitest';
import { maxAgeAt, planAdvice, purchaseRandom } from '../../../../electron/sandbox/purchases/advice-plan.ts';

const now = 1_000_000;
const plan = (sequence: number, readyInMs: number, maxAge: [number, number] = [1, 3]) =>
  planAdvice({ random: purchaseRandom(7, sequence), now, readyAt: now + readyInMs, retryAfter: [1, 3], maxAge });

describe('the advice plan of a purchase', () => {
  it('is the same for the same seed and sequence number, and differs between sequence numbers', () => {
    expect(plan(5, 12_345)).toEqual(plan(5, 12_345));
    const plans = Array.from({ length: 20 }, (_, index) => JSON.stringify(plan(index + 1, 12_345).checkpoints));
    expect(new Set(plans).size).toBeGreaterThan(1);
  });

  it('plans GETs at whole-second steps within the range, the last at or after readiness and under a second past it', () => {
    for (let sequence = 1; sequence <= 200; sequence += 1) {
      const readyInMs = 500 + ((sequence * 7919) % 19_000);
      const { checkpoints, retryAfterSeconds, readyAt } = plan(sequence, readyInMs);
      expect(checkpoints[0]).toBe(now + retryAfterSeconds * 1000);
      const last = checkpoints.at(-1) ?? 0;
      expect(last).toBeGreaterThanOrEqual(readyAt);
      expect(last - readyAt).toBeLessThan(1000);
      for (let index = 1; index < checkpoints.length; index += 1) {
        const step = (checkpoints[index] ?? 0) - (checkpoints[index - 1] ?? 0);
        expect(step % 1000).toBe(0);
        expect(step).toBeGreaterThanOrEqual(1000);
        expect(step).toBeLessThanOrEqual(3000);
        // Every checkpoint but the last comes before readiness: each is a GET a perfect client must make.
        expect(checkpoints[index - 1] ?? 0).toBeLessThan(readyAt);
      }
    }
  });

  it('advises, at each checkpoint, exactly the wait to the next one, and never past readiness', () => {
    const { checkpoints, readyAt } = plan(3, 9_400);
    for (let index = 0; index < checkpoints.length - 1; index += 1) {
      const at = checkpoints[index] ?? 0;
      expect(maxAgeAt({ readyAt, checkpoints }, at) * 1000).toBe((checkpoints[index + 1] ?? 0) - at);
    }
    // A GET that comes 400 ms late is told to come back at the next checkpoint, rounded up to whole seconds.
    const late = (checkpoints[0] ?? 0) + 400;
    expect(late + maxAgeAt({ readyAt, checkpoints }, late) * 1000).toBeGreaterThanOrEqual(checkpoints[1] ?? 0);
    const justBefore = readyAt - 100;
    expect(maxAgeAt({ readyAt, checkpoints }, justBefore)).toBe(1);
  });

  it('plans nothing when a zero wait is advised before readiness: no number of GETs is the least', () => {
    expect(plan(1, 5000, [0, 0]).checkpoints).toEqual([]);
    expect(maxAgeAt(plan(1, 5000, [0, 0]), now + 10)).toBe(0);
  });

  it('asks for one GET, at once, when the data is ready when the POST is answered', () => {
    expect(plan(1, 0)).toMatchObject({ retryAfterSeconds: 0, checkpoints: [now] });
  });
});
