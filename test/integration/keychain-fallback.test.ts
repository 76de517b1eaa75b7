import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCore } from '../../electron/core/app/start-core.ts';
import { chooseKeychainStore } from '../../electron/core/secrets/keychain-secret-store.ts';
import { webCoreOptions } from '../../electron/web/web-core-options.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-no-keychain-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

// A session bus that does not exist: the keychain binding throws as it does on a machine with no
// Secret Service, whatever runs on the machine running the tests (this file has its own process).
describe.runIf(process.platform === 'linux')('without a Secret Service', () => {
  it('falls back to memory for this session only, says why, and the host reports it', async () => {
    process.env['DBUS_SESSION_BUS_ADDRESS'] = `unix:path=${join(dataDir, 'no-such-bus')}`;
    const chosen = await chooseKeychainStore(dataDir);
    expect(chosen.store.persistence).toBe('session');
    expect(chosen.note).toMatch(/^No OS keychain answered \(.+\); secrets are kept for this session only\.$/);

    const started = await startCore({ ...(await webCoreOptions(dataDir, {})), sandbox: {} });
    try {
      const added = await started.core.router.dispatch('environment:add', { input: { name: 'Prod', baseUrl: 'https://api.whenfresh.com', authMode: 'developer' } });
      expect(added.ok).toBe(true);
      const status = await started.core.router.dispatch('credentials:set', { environmentId: 'prod', name: 'refreshToken', value: 'rt-session' });
      expect(status).toMatchObject({ ok: true, data: { persistence: 'session', present: { refreshToken: true } } });
    } finally {
      await started.close();
    }
  });
});
