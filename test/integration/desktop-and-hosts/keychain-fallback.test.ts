import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCore } from '../../../electron/core/app/start-core.ts';
import { chooseKeychainStore } from '../../../electron/core/secrets/keychain-secret-store.ts';
import { webCoreOptions } from '../../../electron/web/web-core-options.ts';

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
    // One line saying where secrets are kept; the binding's D-Bus error only in the detail, for a log.
    expect(chosen.note).toBe('Secrets are kept in memory for this session only: no OS keychain answered (on Linux, a Secret Service such as GNOME Keyring). Use WF_* variables, or start one, to keep them.');
    expect(chosen.detail).toMatch(/.+/);

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

  it('titledesk web (npm start in browser mode) says in one line where secrets are kept, without the D-Bus error', async () => {
    const bin = join(import.meta.dirname, '..', '..', '..', 'bin', 'titledesk.mjs');
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(WF_|LOQATE_|TITLEDESK_)/.test(name)));
    const child = spawn(process.execPath, [bin, 'web', '--no-open'], {
      env: { ...inherited, TITLEDESK_DATA_DIR: mkdtempSync(join(dataDir, 'web-')), DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dataDir, 'no-such-bus')}` },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const closed = new Promise((resolve) => child.on('close', resolve));
    // The URL on stdout means start-up is over: everything it had to say is said.
    await new Promise<void>((resolve) => { child.stdout.once('data', () => { resolve(); }); });
    child.kill('SIGTERM');
    await closed;
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual([
      'titledesk web: Secrets are kept in memory for this session only: no OS keychain answered (on Linux, a Secret Service such as GNOME Keyring). Use WF_* variables, or start one, to keep them.',
    ]);
    expect(stderr).not.toMatch(/dbus/i);
  }, 60_000);
});
