import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../../electron/core/errors.ts';
import type { PurchaseOptions } from '../../../shared/purchase/purchase.ts';
import { assertNeverEarly, freshPairs, serviceTraffic, startHarness, statusesOf, type Harness } from '../fixtures/purchase-harness.ts';

let h: Harness;

beforeAll(async () => {
  // Ready at once but Retry-After 1: the first GET is the one the faults hit.
  h = await startHarness({ pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
});

afterAll(async () => {
  await h.close();
});

beforeEach(() => {
  h.sandbox.setFaults([]);
});

let nextPair: (() => { title: string; variable: string }) | undefined;

/** Each call buys a (title, variable) pair not bought before: a repeat would be answered 200 at once. */
function buy(service: ReturnType<Harness['newService']>, options: PurchaseOptions = {}) {
  nextPair ??= freshPairs(h.sandbox);
  const { title, variable } = nextPair();
  return service.create(h.env, title, [variable], options);
}

describe('result resource errors', () => {
  it('retries 500 with bounded backoff and completes when the service recovers', async () => {
    const service = h.newService();
    h.sandbox.setFaults([{ target: 'result', kind: 'status500', count: 2 }]);
    const done = await service.waitForSettled((await buy(service)).id);
    expect(done.state).toBe('available');
    expect(statusesOf(done)).toEqual(['POST 303', 'GET 500', 'GET 500', 'GET 200']);
  });

  it('marks 504 failed after the bounded attempts, and recheck follows it again', async () => {
    const service = h.newService();
    h.sandbox.setFaults([{ target: 'result', kind: 'status504' }]);
    const failed = await service.waitForSettled((await buy(service)).id);
    expect(failed.state).toBe('failed');
    expect(failed.error?.code).toBe('gateway_timeout');
    expect(failed.error?.message).toContain('after 6 attempts');
    expect(statusesOf(failed).filter((s) => s === 'GET 504')).toHaveLength(6);
    h.sandbox.setFaults([]);
    const again = service.recheck(failed.id);
    expect(again).toMatchObject({ state: 'pending', autoCheck: true });
    expect((await service.waitForSettled(failed.id)).state).toBe('available');
  });

  it('waits the Retry-After of a 503 before the next GET, then recovers', async () => {
    const service = h.newService();
    h.sandbox.setFaults([{ target: 'result', kind: 'status503', retryAfterSeconds: 1, count: 1 }]);
    const done = await service.waitForSettled((await buy(service)).id);
    expect(statusesOf(done)).toEqual(['POST 303', 'GET 503', 'GET 200']);
    expect(done.timeline[1]?.advisedWaitSeconds).toBe(1);
    assertNeverEarly(done);
  });

  it('fails 503 as service_unavailable when it persists', async () => {
    const service = h.newService({ retry: { attempts: 2, baseMs: 10, capMs: 10 } });
    h.sandbox.setFaults([{ target: 'result', kind: 'status503', retryAfterSeconds: 0 }]);
    const failed = await service.waitForSettled((await buy(service)).id);
    expect(failed.error?.code).toBe('service_unavailable');
    expect(statusesOf(failed)).toEqual(['POST 303', 'GET 503', 'GET 503']);
  });

  it('fails 401 as unauthorized when the purchase belongs to other credentials', async () => {
    const service = h.newService();
    // Not followed by the poller: its own GETs would run into the next tests' faults.
    const created = await buy(service, { fireAndForget: true });
    const machine = await h.newEnvironment('machine', 'machine');
    const checked = await service.check(machine, created.resultUrl ?? '');
    expect(checked.state).toBe('failed');
    expect(checked.error?.code).toBe('unauthorized');
    expect(checked.environmentId).toBe('machine');
    expect(statusesOf(checked)).toEqual(['GET 401']);
  });

  it('answers not_found for an unknown purchase id and saves nothing, unless asked to keep it', async () => {
    const service = h.newService();
    await expect(service.check(h.env, 'no-such-purchase')).rejects.toMatchObject({ code: 'not_found' });
    expect(service.list()).toHaveLength(0);
    const kept = await service.check(h.env, 'no-such-purchase', { keepNotFound: true });
    expect(kept).toMatchObject({ state: 'failed', purchaseId: 'no-such-purchase', error: { code: 'not_found' } });
    expect(service.list()).toHaveLength(1);
  });

  it('retries a network failure of a GET: a dropped result answer is asked again', async () => {
    const service = h.newService();
    h.sandbox.setFaults([{ target: 'result', kind: 'drop', count: 1 }]);
    const done = await service.waitForSettled((await buy(service)).id);
    expect(statusesOf(done)).toEqual(['POST 303', 'GET no-response', 'GET 200']);
  });
});

describe('purchase POST errors', () => {
  it('marks a dropped POST outcome-unknown and never sends it again, not even on resume', async () => {
    const dataDir = h.newDataDir();
    const service = h.newService({ dataDir });
    h.sandbox.setFaults([{ target: 'purchase', kind: 'drop', count: 1 }]);
    const before = serviceTraffic(h.sandbox);
    const record = await buy(service);
    expect(record.state).toBe('outcome_unknown');
    expect(record.error?.code).toBe('outcome_unknown');
    expect(statusesOf(record)).toEqual(['POST no-response']);
    await service.close();
    const restarted = h.newService({ dataDir });
    expect(restarted.resume()).toEqual({ resumed: 0, outcomeUnknown: 0, notSent: 0, autoSent: 0 });
    expect(() => restarted.recheck(record.id)).toThrow(CoreError);
    const after = serviceTraffic(h.sandbox);
    expect([after.posts - before.posts, after.gets - before.gets]).toEqual([1, 0]);
  });

  it('marks a 5xx answer to the POST failed with its code, without re-sending', async () => {
    const service = h.newService();
    h.sandbox.setFaults([{ target: 'purchase', kind: 'status503', count: 1 }]);
    const before = serviceTraffic(h.sandbox);
    const record = await buy(service);
    expect(record).toMatchObject({ state: 'failed', error: { code: 'service_unavailable' } });
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(1);
  });

  it('refuses bad input before anything is journaled or sent', async () => {
    const service = h.newService();
    const variables = h.sandbox.config.sampleVariables.slice(0, 1);
    const codeOf = async (work: Promise<unknown>): Promise<string> => work.then(() => 'resolved', (e: unknown) => (e instanceof CoreError ? e.code : 'other'));
    expect(await codeOf(service.create(h.env, 'not a title', variables))).toBe('validation');
    expect(await codeOf(service.create(h.env, 'DN1', []))).toBe('validation');
    expect(await codeOf(service.create(h.env, 'DN1', variables, { minWaitSeconds: 1.5 }))).toBe('validation');
    expect(await codeOf(service.check(h.env, 'https://elsewhere.example/purchases/x'))).toBe('validation');
    expect(service.list()).toEqual([]);
  });

  it('fails 404 for a title the service does not know', async () => {
    const service = h.newService();
    const record = await service.create(h.env, 'ZZ999999', h.sandbox.config.sampleVariables.slice(0, 1));
    expect(record).toMatchObject({ state: 'failed', error: { code: 'not_found' } });
    expect(record.error?.message).toMatch(/HTTP 404/);
  });
});
