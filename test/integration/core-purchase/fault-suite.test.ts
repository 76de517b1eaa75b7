import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnvironmentSession } from '../../../electron/core/env/environment-session.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import type { FaultRule } from '../../../electron/sandbox/faults.ts';
import { defaultAdvancedSettings } from '../../../shared/environment/environment.ts';
import { humanErrorMessage } from '../../../shared/errors/error-messages.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { assertNeverEarly, serviceTraffic, startHarness, type Harness } from '../fixtures/purchase-harness.ts';
import { startScriptedServer } from '../fixtures/purchase-server.ts';

/**
 * Every fault the sandbox can inject, on the purchase POST, the result GET and the token
 * endpoint: each purchase must end in a state a person can act on, a POST is never sent twice,
 * outcome-unknown only where a POST may have reached the service, and no GET is ever early.
 */
let h: Harness;

beforeAll(async () => {
  // 3 s tokens: they expire while purchases are followed.
  h = await startHarness({ tokenTtlSeconds: 3, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [2, 3] } });
});

afterAll(async () => {
  await h.close();
});

let combination = 100;
function nextPurchase(): { title: string; variable: string } {
  const { sampleTitles, testTitles, sampleVariables } = h.sandbox.config;
  const titles = [...sampleTitles, ...testTitles];
  const n = combination++;
  return { title: titles[n % titles.length] ?? '', variable: sampleVariables[Math.floor(n / titles.length) % sampleVariables.length] ?? '' };
}

const endStates = new Set(['available', 'waiting_for_sign_in', 'not_sent', 'outcome_unknown', 'failed']);

/** The end state is one a person can act on, and says why in words when it is not available. */
function assertUnderstandable(record: PurchaseRecord): void {
  expect(endStates.has(record.state), `${record.state} is not an end state`).toBe(true);
  if (record.state !== 'available') {
    expect(record.error?.message.length ?? 0).toBeGreaterThan(10);
    expect(humanErrorMessage(record.error ?? { code: 'internal' })).not.toBe('');
  }
  if (record.state === 'outcome_unknown') {
    // Only where the POST may have reached the service: it was being sent and got no answer.
    expect(record.sendingAt).toBeTypeOf('number');
    expect(record.timeline.some((exchange) => exchange.method === 'POST' && exchange.status === 'no-response')).toBe(true);
  }
  assertNeverEarly(record);
}

const cases: readonly { name: string; faults: FaultRule[]; expect: readonly string[] }[] = [
  { name: 'result 500 twice', faults: [{ target: 'result', kind: 'status500', count: 2 }], expect: ['available'] },
  { name: 'result 503 with Retry-After', faults: [{ target: 'result', kind: 'status503', count: 2, retryAfterSeconds: 1 }], expect: ['available'] },
  { name: 'result 504 always', faults: [{ target: 'result', kind: 'status504' }], expect: ['failed'] },
  { name: 'result dropped connections', faults: [{ target: 'result', kind: 'drop', count: 2 }], expect: ['available'] },
  { name: 'result latency', faults: [{ target: 'result', kind: 'latency', latencyMs: 400, count: 3 }], expect: ['available'] },
  { name: 'purchase 500', faults: [{ target: 'purchase', kind: 'status500', count: 1 }], expect: ['failed'] },
  { name: 'purchase 503 with Retry-After', faults: [{ target: 'purchase', kind: 'status503', count: 1, retryAfterSeconds: 5 }], expect: ['failed'] },
  { name: 'purchase 504', faults: [{ target: 'purchase', kind: 'status504', count: 1 }], expect: ['failed'] },
  { name: 'purchase dropped connection', faults: [{ target: 'purchase', kind: 'drop', count: 1 }], expect: ['outcome_unknown'] },
  { name: 'purchase latency', faults: [{ target: 'purchase', kind: 'latency', latencyMs: 400, count: 1 }], expect: ['available'] },
  { name: 'token endpoint 503', faults: [{ target: 'token', kind: 'status503', count: 2 }], expect: ['available'] },
  { name: 'token endpoint down', faults: [{ target: 'token', kind: 'status500' }], expect: ['not_sent'] },
];

describe('every sandbox fault ends in a state a person can act on', () => {
  for (const fault of cases) {
    it(fault.name, async () => {
      // A fresh environment per case: no token is cached, so token faults are met.
      const env = await h.newEnvironment(`faults-${String(combination)}`, 'developer');
      const service = h.newService();
      h.sandbox.setFaults(fault.faults);
      const before = serviceTraffic(h.sandbox);
      const { title, variable } = nextPurchase();
      const created = await service.create(env, title, [variable]);
      const settled = await service.waitForSettled(created.id);
      h.sandbox.setFaults([]);
      assertUnderstandable(settled);
      expect(fault.expect).toContain(settled.state);
      expect(serviceTraffic(h.sandbox).posts - before.posts).toBeLessThanOrEqual(1);
    });
  }

  it('expired tokens while following: a new one is fetched and the purchase completes', async () => {
    const service = h.newService();
    const { title, variable } = nextPurchase();
    const created = await service.create(h.env, title, [variable]);
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    const settled = await service.waitForSettled(created.id);
    assertUnderstandable(settled);
    expect(settled.state).toBe('available');
  });

  it('discovery failing: nothing is sent and the purchase is not sent, not failed', async () => {
    const broken = await startScriptedServer();
    try {
      broken.setScript(() => ({ status: 500 }));
      const secrets = new MemorySecretStore();
      await secrets.set('broken', 'developerClientId', 'id');
      await secrets.set('broken', 'refreshToken', 'token');
      const environment = { id: 'broken', name: 'broken', baseUrl: broken.baseUrl.origin, authMode: 'developer' as const, developerClientId: 'id' };
      const session = createEnvironmentSession({ environment, secrets, dispatcher: h.agent, advanced: { ...defaultAdvancedSettings, backoffBaseMs: 10, backoffMaxMs: 100 } });
      const service = h.newService();
      const record = await service.create({ id: 'broken', client: session.client }, 'DN100', [h.sandbox.config.sampleVariables[0] ?? '']);
      assertUnderstandable(record);
      expect(record.state).toBe('not_sent');
      expect(broken.seen.some((request) => request.method === 'POST' && request.path.includes('/catalog'))).toBe(false);
    } finally {
      await broken.close();
    }
  });
});
