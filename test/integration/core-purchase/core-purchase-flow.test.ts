import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { assertNeverEarly, serviceTraffic, startHarness, statusesOf, type Harness } from '../fixtures/purchase-harness.ts';

let h: Harness;

beforeAll(async () => {
  // Ready after 3 s, Retry-After 1, max-age 1: 303, then 202 twice, then 200.
  h = await startHarness({ pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [3, 3] } });
});

afterAll(async () => {
  await h.close();
});

describe('purchases against the sandbox', () => {
  it('follows 303 → 202 × n → 200 with exactly the GETs the advised waits require, none early', async () => {
    const service = h.newService();
    const updates: PurchaseRecord['state'][] = [];
    service.onUpdate((record) => updates.push(record.state));
    const [title = ''] = h.sandbox.config.sampleTitles;
    const variables = h.sandbox.config.sampleVariables.slice(0, 2);
    const before = serviceTraffic(h.sandbox);
    const created = await service.create(h.env, title, variables);
    expect(created).toMatchObject({ state: 'pending', titleNumber: title, variables });
    expect(created.resultUrl).toBe(`${h.sandbox.baseUrl}/purchases/${created.purchaseId ?? ''}`);
    const done = await service.waitForSettled(created.id);
    expect(done.state).toBe('available');
    const statuses = statusesOf(done);
    expect(statuses[0]).toBe('POST 303');
    expect(statuses.at(-1)).toBe('GET 200');
    expect(statuses.slice(1, -1).every((s) => s === 'GET 202')).toBe(true);
    expect(statuses.length).toBeGreaterThanOrEqual(3);
    expect(done.timeline[0]?.advisedWaitSeconds).toBe(1);
    expect(done.timeline.slice(1, -1).every((e) => e.advisedWaitSeconds === 1)).toBe(true);
    assertNeverEarly(done);
    // The sandbox saw exactly the exchanges of the timeline: one POST and no extra GET.
    const after = serviceTraffic(h.sandbox);
    expect(after.posts - before.posts).toBe(1);
    expect(after.gets - before.gets).toBe(done.timeline.length - 1);
    expect(done.items?.map((item) => item.variable)).toEqual(variables);
    expect(done.items?.every((item) => item.provider.length > 0 && item.schemePath.length > 0)).toBe(true);
    const gbp = done.items?.reduce((sum, item) => sum + item.price.value, 0) ?? 0;
    expect(done.totals).toEqual([{ currency: 'GBP', value: Math.round(gbp * 1e6) / 1e6 }]);
    expect(updates[0]).toBe('submitting');
    expect(updates.at(-1)).toBe('available');
    expect(service.getResult(done.id)).toMatchObject({ '@type': 'hydra:Collection', totalItems: 2 });
  });

  it('takes the synchronous 200 of a repeat purchase without any GET', async () => {
    const service = h.newService();
    const [, title = ''] = h.sandbox.config.sampleTitles;
    const variables = h.sandbox.config.sampleVariables.slice(0, 1);
    const first = await service.create(h.env, title, variables);
    await service.waitForSettled(first.id);
    const before = serviceTraffic(h.sandbox);
    const repeat = await service.create(h.env, title, variables);
    expect(repeat.state).toBe('available');
    expect(statusesOf(repeat)).toEqual(['POST 200']);
    expect(repeat.items?.[0]?.variable).toBe(variables[0]);
    expect(repeat.purchaseId).toBeDefined();
    const after = serviceTraffic(h.sandbox);
    expect([after.posts - before.posts, after.gets - before.gets]).toEqual([1, 0]);
  });

  it('sends wait=0 for fire-and-forget, makes no GET, and check later joins the same record', async () => {
    const service = h.newService();
    const [, , title = ''] = h.sandbox.config.sampleTitles;
    const variables = h.sandbox.config.sampleVariables.slice(1, 3);
    const before = serviceTraffic(h.sandbox);
    const created = await service.create(h.env, title, variables, { fireAndForget: true });
    expect(created).toMatchObject({ state: 'pending', autoCheck: false, options: { fireAndForget: true } });
    expect(serviceTraffic(h.sandbox).gets).toBe(before.gets);
    const checked = await service.check(h.env, created.purchaseId ?? '', { wait: true });
    expect(checked.id).toBe(created.id);
    expect(checked.state).toBe('available');
    assertNeverEarly(checked);
    expect(service.list({ purchaseId: created.purchaseId ?? '' })).toHaveLength(1);
  });

  it('honours service.min-wait on a test title: 202s until it has passed', async () => {
    const service = h.newService();
    const [title = ''] = h.sandbox.config.testTitles;
    const variables = h.sandbox.config.sampleVariables.slice(0, 1);
    // Bought once first, so the data itself is ready at once: only min-wait holds it back.
    const warm = await service.create(h.env, title, variables);
    await service.waitForSettled(warm.id);
    const created = await service.create(h.env, title, variables, { minWaitSeconds: 2 });
    expect(statusesOf(created)).toEqual(['POST 303']);
    const done = await service.waitForSettled(created.id);
    expect(done.state).toBe('available');
    expect(statusesOf(done)).toContain('GET 202');
    assertNeverEarly(done);
  });

  it('check by result URL from another data dir adds the purchase to that history', async () => {
    const buyer = h.newService();
    const [title = ''] = h.sandbox.config.sampleTitles;
    const created = await buyer.create(h.env, title, h.sandbox.config.sampleVariables.slice(2, 3), { fireAndForget: true });
    const support = h.newService();
    const once = await support.check(h.env, created.resultUrl ?? '');
    expect(once).toMatchObject({ purchaseId: created.purchaseId, environmentId: 'sandbox' });
    expect(once.titleNumber).toBeUndefined();
    expect(['pending', 'available']).toContain(once.state);
    expect(statusesOf(once)).toHaveLength(1);
    const done = await support.check(h.env, created.purchaseId ?? '', { wait: true });
    expect(done.id).toBe(once.id);
    expect(done.state).toBe('available');
    expect(done.variables).toEqual(created.variables);
  });

  it('finds purchases in the history by title, purchase id, variable, status and date, newest first', async () => {
    const service = h.newService();
    const { sampleTitles, testTitles, sampleVariables } = h.sandbox.config;
    const [titleA = '', titleB = ''] = testTitles.slice(3);
    const [varA = '', varB = ''] = sampleVariables;
    const a = await service.create(h.env, titleA, [varA], { fireAndForget: true });
    const b = await service.create(h.env, titleB, [varA, varB], { fireAndForget: true });
    const c = service.cancel((await service.create(h.env, titleA, [varB], { fireAndForget: true })).id);
    const ids = (query: Parameters<typeof service.list>[0]) => service.list(query).map((record) => record.id);
    expect(ids({})).toEqual([c.id, b.id, a.id]);
    expect(ids({ titleNumber: titleA })).toEqual([c.id, a.id]);
    expect(ids({ purchaseId: b.purchaseId ?? '' })).toEqual([b.id]);
    expect(ids({ variable: varB })).toEqual([c.id, b.id]);
    expect(ids({ status: 'cancelled' })).toEqual([c.id]);
    expect(ids({ text: titleB.toLowerCase() })).toEqual([b.id]);
    expect(ids({ from: b.createdAt, to: b.createdAt })).toContain(b.id);
    expect(ids({ titleNumber: sampleTitles[0] ?? '' })).toEqual([]);
  });
});
