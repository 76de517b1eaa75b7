import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type StartedCore } from '../../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { MemorySettingsStore, defaultSettings } from '../../../electron/core/settings/settings-store.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { advancedSettingsSchema } from '../../../shared/environment/environment.ts';
import { purchaseRecordSchema } from '../../../shared/purchase/purchase.ts';

let sandbox: RunningSandbox;
let dataDir: string;
let core: StartedCore;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, control: true, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-router-recovery-'));
  // A journal file that is empty when the app starts: it must say so, not start silently empty.
  writeFileSync(join(dataDir, 'purchases.sqlite'), '');
  const staging = { id: 'staging', name: 'Staging', baseUrl: sandbox.baseUrl, authMode: 'developer' as const, developerClientId: sandbox.config.developer.clientId };
  const settings = new MemorySettingsStore({ ...defaultSettings, environments: [staging], selectedEnvironmentId: 'staging' });
  core = await startCore({ dataDir, secrets: new MemorySecretStore(), settings, sandbox: false });
});

afterAll(async () => {
  await core.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('recovery through the contract, as the app and browser mode reach it', () => {
  it('journal:status tells the UI what the journal found wrong', async () => {
    const status = await core.core.router.dispatch('journal:status', {});
    expect(status).toMatchObject({ ok: true, data: { notices: [{ kind: 'empty' }] } });
  });

  it('a purchase made before credentials are set waits, and goes out once they are set through credentials:set', async () => {
    const [title = ''] = sandbox.config.sampleTitles;
    const created = await core.core.router.dispatch('purchase:create', { titleNumber: title, variables: [sandbox.config.sampleVariables[0] ?? ''] });
    if (!created.ok) throw new Error(created.error.message);
    const waiting = purchaseRecordSchema.parse(created.data);
    expect(waiting.state).toBe('waiting_for_sign_in');
    expect(sandbox.log().filter((entry) => entry.class === 'purchase')).toHaveLength(0);
    await core.core.router.dispatch('credentials:set', { environmentId: 'staging', name: 'refreshToken', value: sandbox.config.developer.refreshToken });
    // credentials:set has already sent it again (submitting), so this waits for its end.
    const done = await core.core.purchases.waitForSettled(waiting.id);
    expect(done.state).toBe('available');
    expect(sandbox.log().filter((entry) => entry.class === 'purchase')).toHaveLength(1);
  });

  it('the auto-send window is an advanced setting', async () => {
    const current = await core.core.router.dispatch('settings:get', {});
    if (!current.ok) throw new Error(current.error.message);
    const advanced = advancedSettingsSchema.parse(current.data);
    expect(advanced.autoSendNotSentMinutes).toBe(10);
    const updated = await core.core.router.dispatch('settings:update', { advanced: { ...advanced, autoSendNotSentMinutes: 0 } });
    expect(updated).toMatchObject({ ok: true, data: { autoSendNotSentMinutes: 0 } });
  });
});
