import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { MemorySettingsStore } from '../../../electron/core/settings/settings-store.ts';
import { noSandboxFaults } from '../../../shared/environment/sandbox-faults.ts';
import { purchaseRecordSchema } from '../../../shared/purchase/purchase.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let test: TestCore;

beforeAll(async () => {
  test = await startTestCore({ logLimit: 10_000, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [3, 3] } });
}, 30_000);

afterAll(async () => {
  await test.close();
});

const dispatch = (channel: Parameters<TestCore['started']['core']['router']['dispatch']>[0], payload?: unknown) => test.started.core.router.dispatch(channel, payload);
const config = () => {
  const sandbox = test.started.sandbox;
  if (sandbox === undefined) throw new Error('the embedded sandbox is not running');
  return sandbox;
};

async function buy(title: number): Promise<{ id: string; state: string; error?: { code: string } | undefined }> {
  const created = await dispatch('purchase:create', { titleNumber: config().config.sampleTitles[title], variables: config().config.sampleVariables.slice(0, 1), buyAgain: true });
  if (!created.ok) throw new Error(created.error.message);
  return purchaseRecordSchema.parse(created.data);
}

describe('the built-in Sandbox\'s demo switches through the contract', () => {
  it('start off; an outage answers a new purchase 503 with Retry-After, and it fails as unavailable without a second POST', async () => {
    expect(await dispatch('sandbox:faults')).toEqual({ ok: true, data: noSandboxFaults });
    expect(await dispatch('sandbox:set-faults', { outage: { retryAfterSeconds: 4 }, slow: null, timeouts: false })).toMatchObject({ ok: true, data: { outage: { retryAfterSeconds: 4 } } });
    expect(await dispatch('sandbox:faults')).toMatchObject({ ok: true, data: { outage: { retryAfterSeconds: 4 } } });
    const posts = () => config().log().filter((entry) => entry.class === 'purchase');
    const before = posts().length;
    const record = await buy(0);
    expect(record).toMatchObject({ state: 'failed', error: { code: 'service_unavailable' } });
    expect(posts().slice(before).map((entry) => entry.status)).toEqual([503]);
    await dispatch('sandbox:set-faults', noSandboxFaults);
  });

  it('a pending purchase meets the outage on its result, waits as advised, and completes once it is turned off', async () => {
    const record = await buy(1);
    expect(record.state).toBe('pending');
    await dispatch('sandbox:set-faults', { outage: { retryAfterSeconds: 2 }, slow: null, timeouts: false });
    const results = () => config().log().filter((entry) => entry.class === 'result');
    await expect.poll(() => results().some((entry) => entry.status === 503), { timeout: 10_000 }).toBe(true);
    await dispatch('sandbox:set-faults', noSandboxFaults);
    const done = await test.started.core.purchases.waitForSettled(record.id);
    expect(done.state).toBe('available');
    // The GET after each 503 came no sooner than its Retry-After.
    const gets = results();
    for (const [index, entry] of gets.entries()) {
      const next = gets[index + 1];
      if (entry.status === 503 && next !== undefined) expect(next.arrivedAt - entry.time).toBeGreaterThanOrEqual(2_000);
    }
  }, 30_000);

  it('refuses malformed switches, changing nothing', async () => {
    for (const payload of [{ outage: { retryAfterSeconds: 0 }, slow: null, timeouts: false }, { outage: null, slow: { delayMs: 50 }, timeouts: false }, { outage: null, slow: null }, { ...noSandboxFaults, extra: 1 }]) {
      expect(await dispatch('sandbox:set-faults', payload)).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect(await dispatch('sandbox:faults')).toEqual({ ok: true, data: noSandboxFaults });
  });
});

describe('without a built-in Sandbox', () => {
  it('refuses the switches: a real service is never told to fail', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-no-sandbox-'));
    const started = await startCore({ dataDir, secrets: new MemorySecretStore(), settings: new MemorySettingsStore(), sandbox: false, resume: false });
    try {
      const refused = await started.core.router.dispatch('sandbox:set-faults', { outage: { retryAfterSeconds: 5 }, slow: null, timeouts: false });
      expect(refused).toMatchObject({ ok: false, error: { code: 'validation', message: 'The built-in Sandbox is not running here, so there is nothing to simulate on.' } });
    } finally {
      await started.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
