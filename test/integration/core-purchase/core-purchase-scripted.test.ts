import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { PurchaseService } from '../../../electron/core/purchases/purchase-service.ts';
import { assertNeverEarly, statusesOf } from '../fixtures/purchase-harness.ts';
import { httpDateIn, resultBody, type Answer } from '../fixtures/purchase-server.ts';
import { useScriptedRig } from '../fixtures/scripted-rig.ts';

const rig = useScriptedRig();
const variable = 'https://api.example.test/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Bathrooms/Bathroom Count (1⋯5+)';

const see = (path: string, headers: Record<string, string> = {}): Answer => ({ status: 303, headers: { location: path, 'retry-after': '0', ...headers } });
const ok = (): Answer => ({ status: 200, headers: { 'content-type': 'application/ld+json' }, body: resultBody(rig.server.baseUrl, [variable]) });
const problem = (status: number, detail: string): Answer => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: JSON.stringify({ type: 'about:blank', title: 'Refused', status, detail }),
});

/** POST answered by `post`, the n-th GET by `gets[n]` (the last one repeats). */
function script(post: Answer, gets: Answer[]): void {
  let getCount = 0;
  rig.server.setScript((request) => (request.method === 'POST' ? post : gets[Math.min(getCount++, gets.length - 1)] ?? ok()));
}

async function settle(service: PurchaseService, post: Answer, gets: Answer[]) {
  script(post, gets);
  const created = await service.create(rig.env, 'DN100', [variable]);
  return service.waitForSettled(created.id);
}

describe('purchases against a scripted loopback server', () => {
  it('journals the intent durably before the POST and sends the request the interface asks for', async () => {
    const service = rig.h.newService();
    let stateWhenPosted: unknown;
    rig.server.setScript((request) => {
      if (request.method !== 'POST') return ok();
      const db = new DatabaseSync(service.journalPath, { readOnly: true });
      stateWhenPosted = db.prepare('SELECT state, title_number FROM purchases').all();
      db.close();
      return see('/purchases/p-intent');
    });
    const created = await service.create(rig.env, 'dn 100', [variable], { fireAndForget: true, minWaitSeconds: 3 });
    expect(created).toMatchObject({ state: 'pending', purchaseId: 'p-intent', autoCheck: false });
    expect(stateWhenPosted).toEqual([{ state: 'submitting', title_number: 'DN100' }]);
    const post = rig.server.seen.findLast((r) => r.method === 'POST');
    expect(post?.path).toBe('/world/GB-eaw/titles/DN100/catalog');
    expect(post?.headers.prefer).toBe('respond-async, wait=0, service.min-wait=3');
    expect(post?.headers['content-type']).toBe('application/ld+json');
    expect(post?.headers.accept).toBe('application/ld+json');
    expect(JSON.parse(post?.body ?? '')).toEqual({
      '@context': `${rig.server.baseUrl.origin}/.hydra/context.jsonld`,
      '@type': 'PurchaseVariableAction',
      variables: [variable],
    });
  });

  it('honours Retry-After as an HTTP-date, an absolute Location, and max-age less Age', async () => {
    const service = rig.h.newService();
    const absolute = new URL('/purchases/p-date', rig.server.baseUrl).href;
    const post = see(absolute, { 'retry-after': httpDateIn(1) });
    const pending: Answer = { status: 202, headers: { 'cache-control': 'Private, MAX-AGE=2, must-revalidate', age: '1' } };
    const done = await settle(service, post, [pending, ok()]);
    expect(done).toMatchObject({ state: 'available', purchaseId: 'p-date', resultUrl: absolute });
    expect(statusesOf(done)).toEqual(['POST 303', 'GET 202', 'GET 200']);
    expect(done.timeline[0]?.advisedWaitSeconds).toBeGreaterThan(0);
    expect(done.timeline[1]?.advisedWaitSeconds).toBe(1);
    assertNeverEarly(done);
  });

  it('fails 400 and 422 from the result resource with the reason given', async () => {
    const service = rig.h.newService();
    const badRequest = await settle(service, see('/purchases/p-400'), [problem(400, 'Unknown client error')]);
    expect(badRequest).toMatchObject({ state: 'failed', error: { code: 'bad_request', message: expect.stringContaining('Unknown client error') as unknown } });
    const malformed = await settle(service, see('/purchases/p-422'), [problem(422, 'The request entity is malformed')]);
    expect(malformed).toMatchObject({ state: 'failed', error: { code: 'unprocessable' } });
    expect(malformed.error?.message).toContain('HTTP 422');
  });

  it('fails a 200 that is not the documented collection as a protocol error', async () => {
    const service = rig.h.newService();
    const done = await settle(service, see('/purchases/p-bad'), [{ status: 200, body: '{"@type":"Catalog"}' }]);
    expect(done).toMatchObject({ state: 'failed', error: { code: 'protocol' } });
  });

  it('never follows a Location to another origin: the token would go with it', async () => {
    const service = rig.h.newService();
    script(see('http://elsewhere.invalid/purchases/x'), [ok()]);
    const before = rig.server.seen.length;
    const record = await service.create(rig.env, 'DN100', [variable]);
    expect(record).toMatchObject({ state: 'failed', error: { code: 'protocol' } });
    expect(record.resultUrl).toBeUndefined();
    expect(rig.server.seen.length - before).toBe(1);
  });

  it('keeps the Location of a 5xx answer so the purchase can be re-checked', async () => {
    const service = rig.h.newService();
    script({ status: 500, headers: { location: '/purchases/p-500' } }, [ok()]);
    const failed = await service.create(rig.env, 'DN100', [variable]);
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'server_error' }, purchaseId: 'p-500' });
    service.recheck(failed.id);
    expect((await service.waitForSettled(failed.id)).state).toBe('available');
  });

  it('marks a POST that timed out outcome-unknown and sends it only once', async () => {
    const service = rig.h.newService({ requestTimeoutMs: 300 });
    script({ status: 200, hang: true }, [ok()]);
    const before = rig.server.seen.length;
    const record = await service.create(rig.env, 'DN100', [variable]);
    expect(record).toMatchObject({ state: 'outcome_unknown', error: { code: 'outcome_unknown' } });
    expect(rig.server.seen.length - before).toBe(1);
  });

  it('backs off (not a fixed interval) when a 202 gives no max-age, then completes', async () => {
    const service = rig.h.newService();
    const done = await settle(service, see('/purchases/p-nomax'), [{ status: 202 }, { status: 202 }, ok()]);
    expect(statusesOf(done)).toEqual(['POST 303', 'GET 202', 'GET 202', 'GET 200']);
  });

  it('stops following on cancel and follows again on recheck', async () => {
    const service = rig.h.newService();
    script(see('/purchases/p-cancel', { 'retry-after': '3600' }), [ok()]);
    const created = await service.create(rig.env, 'DN100', [variable]);
    const cancelled = service.cancel(created.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', autoCheck: false });
    expect(service.list({ status: 'cancelled' }).map((r) => r.id)).toEqual([created.id]);
    const checked = await service.check(rig.env, 'p-cancel');
    expect(checked).toMatchObject({ id: created.id, state: 'available' });
  });
});
