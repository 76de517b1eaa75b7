import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAdvancedSettings } from '../../../shared/environment/environment.ts';
import type { StartedCore } from '../../../electron/core/app/start-core.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let core: TestCore;
let started: StartedCore;

beforeAll(async () => {
  core = await startTestCore({ pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
  started = core.started;
});

afterAll(async () => {
  await core.close();
});

describe('polling limits from the settings', () => {
  it('apply as soon as they are saved, without a restart', async () => {
    const sandbox = started.sandbox;
    if (sandbox === undefined) throw new Error('no embedded sandbox');
    const advanced = { ...defaultAdvancedSettings, pollMaxAttempts: 2, pollBackoffBaseMs: 100, pollBackoffMaxMs: 1_000 };
    const saved = await started.core.router.dispatch('settings:update', { advanced });
    expect(saved).toMatchObject({ ok: true, data: { pollMaxAttempts: 2 } });
    sandbox.setFaults([{ target: 'result', kind: 'status500' }]);
    try {
      const created = await started.core.router.dispatch('purchase:create', {
        titleNumber: sandbox.config.sampleTitles[0],
        variables: sandbox.config.sampleVariables.slice(0, 2),
      });
      if (!created.ok) throw new Error(created.error.message);
      const id = (created.data as { id: string }).id;
      const settled = await started.core.purchases.waitForSettled(id);
      expect(settled.state).toBe('failed');
      expect(settled.error?.message).toMatch(/after 2 attempts/);
      expect(settled.timeline.filter((exchange) => exchange.method === 'GET')).toHaveLength(2);
    } finally {
      sandbox.setFaults([]);
    }
  });

  it('refuses out-of-range limits with a validation error', async () => {
    const result = await started.core.router.dispatch('settings:update', { advanced: { ...defaultAdvancedSettings, pollMaxAttempts: 0 } });
    expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
