import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newLocalId } from '../../../electron/core/purchases/submission/local-id.ts';
import type { SandboxLogEntry } from '../../../electron/sandbox/index.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { freshPairs, startHarness, statusesOf, type Harness } from '../fixtures/purchase-harness.ts';

let h: Harness;
let pairs: () => { title: string; variable: string };

beforeAll(async () => {
  h = await startHarness({ pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
  pairs = freshPairs(h.sandbox, 200);
});

afterAll(async () => {
  await h.close();
});

beforeEach(() => {
  h.sandbox.setFaults([]);
});

/** The sandbox's log of one class of request, from `since` on (entries of earlier tests left out). */
function logged(kind: 'purchase' | 'result', since: number): SandboxLogEntry[] {
  return h.sandbox.log().filter((entry) => entry.class === kind && entry.arrivedAt >= since);
}

/** Waits (on the journal) until the purchase says it waits out a 429, then gives its record. */
async function untilRateLimited(get: () => PurchaseRecord | undefined): Promise<PurchaseRecord> {
  for (let i = 0; i < 200; i += 1) {
    const record = get();
    if (record?.error?.code === 'rate_limited') return record;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the purchase never waited for the rate limit');
}

describe('429 on the purchase POST', () => {
  it('waits its Retry-After in seconds, sends the same purchase once more, and completes', async () => {
    const service = h.newService();
    const since = Date.now();
    h.sandbox.setFaults([{ target: 'purchase', kind: 'status429', retryAfterSeconds: 2, count: 1 }]);
    const { title, variable } = pairs();
    const id = newLocalId();
    const creating = service.create(h.env, title, [variable], {}, id);
    const waiting = await untilRateLimited(() => service.get(id));
    // Still this process's intent while it waits: no other process sends it meanwhile.
    expect(waiting).toMatchObject({ state: 'submitting', sendingAt: undefined });
    expect(waiting.error?.message).toMatch(/^Waiting: the service asked to slow down \(until [0-9]{2}:[0-9]{2}:[0-9]{2}\)\./);
    const done = await service.waitForSettled((await creating).id);
    expect(done.state).toBe('available');
    expect(done.id).toBe(id);
    expect(statusesOf(done)).toEqual(['POST 429', 'POST 303', 'GET 200']);
    const posts = logged('purchase', since);
    expect(posts.map((entry) => entry.status)).toEqual([429, 303]);
    const [refused, accepted] = posts;
    // Never early: the second POST reached the sandbox at least 2 s after the 429 left it.
    expect((accepted?.arrivedAt ?? 0) - (refused?.time ?? Infinity)).toBeGreaterThanOrEqual(2000);
    expect(service.list().filter((record) => record.titleNumber === title)).toHaveLength(1);
    expect(h.sandbox.purchases().filter((timing) => timing.createdAt >= since).map((timing) => timing.id)).toEqual([done.purchaseId]);
  });

  it('reads an HTTP-date Retry-After against the answer\'s Date header', async () => {
    const service = h.newService();
    const since = Date.now();
    h.sandbox.setFaults([{ target: 'purchase', kind: 'status429', retryAfterSeconds: 2, retryAfterForm: 'date', count: 1 }]);
    const { title, variable } = pairs();
    const done = await service.waitForSettled((await service.create(h.env, title, [variable])).id);
    expect(done.state).toBe('available');
    const [refused, accepted, ...more] = logged('purchase', since);
    expect([refused?.status, accepted?.status, more.length]).toEqual([429, 303, 0]);
    expect((accepted?.arrivedAt ?? 0) - (refused?.time ?? Infinity)).toBeGreaterThanOrEqual(2000);
  });

  it('waits the default 30 s when the 429 gives no Retry-After, and nothing goes out meanwhile', async () => {
    const dataDir = h.newDataDir();
    const service = h.newService({ dataDir });
    const since = Date.now();
    h.sandbox.setFaults([{ target: 'purchase', kind: 'status429', retryAfterForm: 'none', count: 1 }]);
    const { title, variable } = pairs();
    const id = newLocalId();
    const creating = service.create(h.env, title, [variable], {}, id);
    const waiting = await untilRateLimited(() => service.get(id));
    const [refused] = logged('purchase', since);
    expect(waiting.nextCheckAt ?? 0).toBeGreaterThanOrEqual((refused?.time ?? Infinity) + 30_000);
    expect(waiting.nextCheckAt ?? Infinity).toBeLessThanOrEqual((refused?.time ?? 0) + 31_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(logged('purchase', since)).toHaveLength(1);
    // Closing while it waits leaves it waiting in the journal, never sent early; the next start
    // finds it not sent, still saying until when.
    await service.close();
    expect(await creating).toMatchObject({ state: 'submitting', error: { code: 'rate_limited' } });
    const next = h.newService({ dataDir });
    next.judgeInterrupted();
    expect(next.get(id)).toMatchObject({ state: 'not_sent', nextCheckAt: waiting.nextCheckAt, error: { code: 'rate_limited' } });
    expect(logged('purchase', since)).toHaveLength(1);
  });
});

describe('429 and a person who no longer wants it', () => {
  it('a purchase waiting out a 429 can be discarded: it is never sent again and nothing is charged', async () => {
    const service = h.newService();
    const since = Date.now();
    h.sandbox.setFaults([{ target: 'purchase', kind: 'status429', retryAfterSeconds: 1, count: 1 }]);
    const { title, variable } = pairs();
    const id = newLocalId();
    const creating = service.create(h.env, title, [variable], {}, id);
    await untilRateLimited(() => service.get(id));
    const discarded = await service.resolve(id, 'abandon');
    expect(discarded).toMatchObject({ state: 'cancelled', error: { code: 'cancelled', message: 'Abandoned before it was sent: nothing was charged.' } });
    // The waiting send wakes after its second, finds the purchase discarded and sends nothing.
    expect(await creating).toMatchObject({ id, state: 'cancelled' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(logged('purchase', since).map((entry) => entry.status)).toEqual([429]);
    expect(h.sandbox.purchases().filter((timing) => timing.createdAt >= since)).toEqual([]);
  });

  it('one already going out again cannot be discarded', async () => {
    const service = h.newService();
    const { title, variable } = pairs();
    const created = await service.create(h.env, title, [variable]);
    await expect(service.resolve(created.id, 'abandon')).rejects.toThrow('Only a purchase whose outcome is unknown, or one never sent, can be abandoned.');
    expect((await service.waitForSettled(created.id)).state).toBe('available');
  });
});

describe('429 and a restart', () => {
  it('a purchase left waiting goes out after a restart no sooner than the service asked, once', async () => {
    const dataDir = h.newDataDir();
    const first = h.newService({ dataDir });
    const since = Date.now();
    h.sandbox.setFaults([{ target: 'purchase', kind: 'status429', retryAfterSeconds: 3, count: 1 }]);
    const { title, variable } = pairs();
    const id = newLocalId();
    const creating = first.create(h.env, title, [variable], {}, id);
    const waiting = await untilRateLimited(() => first.get(id));
    await first.close();
    await creating;
    const second = h.newService({ dataDir, resolveEnvironment: () => h.env });
    expect(second.resume()).toMatchObject({ autoSent: 1 });
    // "Send now" meanwhile joins the send that waits: still one purchase.
    const sent = await second.send(id);
    expect(sent.state).not.toBe('not_sent');
    const done = await second.waitForSettled(id);
    expect(done.state).toBe('available');
    const posts = logged('purchase', since);
    expect(posts.map((entry) => entry.status)).toEqual([429, 303]);
    expect(posts[1]?.arrivedAt ?? 0).toBeGreaterThanOrEqual(waiting.nextCheckAt ?? Infinity);
  });
});

describe('429 and another process on the same data folder', () => {
  it('its Send all leaves a purchase waiting out a 429 to the process that waits: one purchase', async () => {
    const dataDir = h.newDataDir();
    const first = h.newService({ dataDir });
    const since = Date.now();
    h.sandbox.setFaults([{ target: 'purchase', kind: 'status429', retryAfterSeconds: 2, count: 1 }]);
    const { title, variable } = pairs();
    const id = newLocalId();
    const creating = first.create(h.env, title, [variable], {}, id);
    await untilRateLimited(() => first.get(id));
    await new Promise((resolve) => setTimeout(resolve, 300)); // its wait is committed for the other process to read
    const other = h.newService({ dataDir, resolveEnvironment: () => h.env });
    expect((await other.sendAll()).total).toBe(0);
    const done = await first.waitForSettled((await creating).id);
    expect(done.state).toBe('available');
    expect(logged('purchase', since).map((entry) => entry.status)).toEqual([429, 303]);
  });
});

describe('429 on the result GET', () => {
  it('waits as advised and keeps following, however many times it comes', async () => {
    // Two attempts would fail a purchase after two 503s; three 429s are not failures.
    const service = h.newService({ retry: { attempts: 2, baseMs: 10, capMs: 10 } });
    const since = Date.now();
    h.sandbox.setFaults([{ target: 'result', kind: 'status429', retryAfterSeconds: 1, count: 3 }]);
    const { title, variable } = pairs();
    const done = await service.waitForSettled((await service.create(h.env, title, [variable])).id);
    expect(done.state).toBe('available');
    expect(statusesOf(done)).toEqual(['POST 303', 'GET 429', 'GET 429', 'GET 429', 'GET 200']);
    expect(done.error).toBeUndefined();
    const gets = logged('result', since).filter((entry) => entry.purchaseId === done.purchaseId);
    expect(gets).toHaveLength(4);
    for (let i = 1; i < gets.length; i += 1) {
      expect((gets[i]?.arrivedAt ?? 0) - (gets[i - 1]?.time ?? Infinity)).toBeGreaterThanOrEqual(1000);
    }
  });

  it('says what it waits for while it waits', async () => {
    const service = h.newService();
    h.sandbox.setFaults([{ target: 'result', kind: 'status429', retryAfterSeconds: 3, count: 1 }]);
    const { title, variable } = pairs();
    const created = await service.create(h.env, title, [variable]);
    let seen: PurchaseRecord | undefined;
    for (let i = 0; i < 150 && seen === undefined; i += 1) {
      const record = service.get(created.id);
      if (record?.error?.code === 'rate_limited') seen = record;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toMatchObject({ state: 'pending', error: { code: 'rate_limited' } });
    expect(seen?.error?.message).toContain('Waiting: the service asked to slow down (until ');
    expect((await service.waitForSettled(created.id)).state).toBe('available');
  });
});
