import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEnvironmentSession } from '../../../electron/core/env/environment-session.ts';
import type { PurchaseEnvironment } from '../../../electron/core/purchases/purchase-service.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { environmentWithoutCredentials, freshPairs, serviceTraffic, startHarness, statusesOf, type Harness } from '../fixtures/purchase-harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
});

afterAll(async () => {
  await h.close();
});

beforeEach(() => {
  h.sandbox.setFaults([]);
});

let nextPair: (() => { title: string; variable: string }) | undefined;
function nextPurchase(): { title: string; variable: string } {
  // Offset from the other suites' pairs: a repeat purchase would be answered 200 at once.
  nextPair ??= freshPairs(h.sandbox, 40);
  return nextPair();
}

describe('a purchase that cannot be sent or followed for lack of credentials waits for sign-in', () => {
  it('journals a click without credentials as waiting, sends nothing, and sends it once credentials are set', async () => {
    const { env, signIn } = environmentWithoutCredentials(h, 'no-creds-a');
    const service = h.newService({ resolveEnvironment: (id) => (id === env.id ? env : undefined) });
    const before = serviceTraffic(h.sandbox);
    const { title, variable } = nextPurchase();
    const record = await service.create(env, title, [variable]);
    expect(record).toMatchObject({ state: 'waiting_for_sign_in', error: { code: 'credentials_missing' } });
    expect(record.error?.message).toContain('Nothing has been sent yet');
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(0);
    await signIn();
    expect(service.resumeWaiting(env.id)).toBe(1);
    const done = await service.waitForSettled(record.id);
    expect(done.state).toBe('available');
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(1);
  });

  it('waits for sign-in, not fails, when the refresh token is rejected (invalid_grant), and sends nothing', async () => {
    const secrets = new MemorySecretStore();
    const { config } = h.sandbox;
    await secrets.set('revoked', 'developerClientId', config.developer.clientId);
    await secrets.set('revoked', 'refreshToken', 'a-token-that-was-revoked');
    const environment = { id: 'revoked', name: 'revoked', baseUrl: h.sandbox.baseUrl, authMode: 'developer' as const, developerClientId: config.developer.clientId };
    const env = { id: 'revoked', client: createEnvironmentSession({ environment, secrets, dispatcher: h.agent }).client };
    const service = h.newService();
    const before = serviceTraffic(h.sandbox);
    const { title, variable } = nextPurchase();
    const record = await service.create(env, title, [variable]);
    expect(record).toMatchObject({ state: 'waiting_for_sign_in', error: { code: 'invalid_grant' } });
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(0);
  });

  it('keeps an accepted purchase waiting after a restart without credentials, with no GET, and completes it after sign-in', async () => {
    const dataDir = h.newDataDir();
    const first = h.newService({ dataDir });
    const { title, variable } = nextPurchase();
    const accepted = await first.create(h.env, title, [variable]);
    expect(accepted.state).toBe('pending');
    await first.close();
    const { env, signIn } = environmentWithoutCredentials(h, 'sandbox');
    const restarted = h.newService({ dataDir, resolveEnvironment: (id) => (id === env.id ? env : undefined) });
    const before = serviceTraffic(h.sandbox);
    restarted.resume();
    const waiting = await restarted.waitForSettled(accepted.id);
    expect(waiting).toMatchObject({ state: 'waiting_for_sign_in', resultUrl: accepted.resultUrl });
    expect(serviceTraffic(h.sandbox).gets - before.gets).toBe(0);
    await signIn();
    restarted.resumeWaiting('sandbox');
    const done = await restarted.waitForSettled(accepted.id);
    expect(done.state).toBe('available');
    expect(statusesOf(done).filter((status) => status.startsWith('POST'))).toEqual(['POST 303']);
  });
});

describe('not sent and outcome unknown are resolved by a person', () => {
  it('sends a not-sent purchase once with Send now; Send now while it is out joins that send', async () => {
    const service = h.newService();
    // The service cannot be reached for a moment (connection refused): nothing can have been sent.
    let online = false;
    const flaky: PurchaseEnvironment = {
      id: 'sandbox',
      client: {
        baseUrl: h.env.client.baseUrl,
        send: (request) => h.env.client.send(online ? request : { ...request, url: new URL(request.url.pathname, 'http://127.0.0.1:9') }),
      },
    };
    const { title, variable } = nextPurchase();
    const offline = await service.create(flaky, title, [variable]);
    expect(offline).toMatchObject({ state: 'not_sent', error: { code: 'not_sent' } });
    expect(offline.sendingAt).toBeUndefined();
    online = true;
    const before = serviceTraffic(h.sandbox);
    const sending = service.send(offline.id);
    const again = service.send(offline.id);
    const sent = await sending;
    expect(await again).toEqual(sent);
    expect(sent.state).toBe('pending');
    expect((await service.waitForSettled(sent.id)).state).toBe('available');
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(1);
  });

  it('buys again only when asked, after a dropped POST, and abandon stops one for good', async () => {
    const service = h.newService();
    h.sandbox.setFaults([{ target: 'purchase', kind: 'drop', count: 2 }]);
    const first = nextPurchase();
    const unknown = await service.create(h.env, first.title, [first.variable]);
    expect(unknown.state).toBe('outcome_unknown');
    expect(unknown.sendingAt).toBeTypeOf('number');
    const second = nextPurchase();
    const other = await service.create(h.env, second.title, [second.variable]);
    expect(other.state).toBe('outcome_unknown');
    await expect(service.send(unknown.id)).rejects.toMatchObject({ code: 'validation' });
    const before = serviceTraffic(h.sandbox);
    const again = await service.resolve(unknown.id, 'buy-again');
    expect(again.state).toBe('pending');
    expect((await service.waitForSettled(again.id)).state).toBe('available');
    const abandoned = await service.resolve(other.id, 'abandon');
    expect(abandoned).toMatchObject({ state: 'cancelled', error: { code: 'cancelled' } });
    await expect(service.resolve(other.id, 'buy-again')).rejects.toMatchObject({ code: 'validation' });
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(1);
  });
});

describe('a 303 the journal cannot take is never lost', () => {
  it('keeps the result address in the rescue file, says so, and follows the purchase again on the next start', async () => {
    const dataDir = h.newDataDir();
    const service = h.newService({ dataDir });
    // The journal refuses the write that would record the 303 (as a full or failing disk would).
    const other = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
    other.exec(`CREATE TRIGGER refuse_pending BEFORE UPDATE ON purchases WHEN NEW.state = 'pending'
                BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;`);
    const { title, variable } = nextPurchase();
    const failure: unknown = await service.create(h.env, title, [variable]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'internal' });
    const message = failure instanceof Error ? failure.message : '';
    expect(message).toContain('purchases-rescued.jsonl');
    expect(message).toContain('do not buy it again');
    const rescued = readFileSync(join(dataDir, 'purchases-rescued.jsonl'), 'utf8');
    const resultUrl = /"resultUrl":"([^"]+)"/.exec(rescued)?.[1];
    expect(resultUrl).toMatch(/\/purchases\//);
    expect(message).toContain(resultUrl);
    await service.close();
    other.exec('DROP TRIGGER refuse_pending');
    other.close();
    const before = serviceTraffic(h.sandbox);
    const restarted = h.newService({ dataDir, resolveEnvironment: (id) => (id === h.env.id ? h.env : undefined) });
    expect(restarted.journalNotices).toMatchObject([{ kind: 'rescued' }]);
    expect(restarted.resume()).toMatchObject({ resumed: 1, outcomeUnknown: 0 });
    const [record] = restarted.list();
    expect(record?.resultUrl).toBe(resultUrl);
    expect((await restarted.waitForSettled(record?.id ?? '')).state).toBe('available');
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(0);
  });
});
