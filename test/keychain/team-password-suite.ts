// Settings → Team's password in the OS keychain for real, as browser mode and the CLI keep it: run
// by `npm test` inside `dbus-run-session` with an unlocked gnome-keyring-daemon (scripts/test.mjs),
// registered by keychain-store.test.ts before its test that locks the keychain.
// Saved, it is in the keychain and in no file of the data folder; after a restart the host still
// has it and says only "saved"; leaving the team removes it. Skipped, by name, without a keychain.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { teamSecretId } from '../../electron/core/team-join/team-secret.ts';
import { filesUnder, hostForSuite, inKeychain, keychain } from './support/keychain-host.ts';

const { answering } = keychain;

const passwordInKeychain = (dataDir: string): string | null => inKeychain(dataDir, teamSecretId, 'teamPassword');

describe.skipIf(!answering)(answering ? 'the team password in the OS keychain' : 'skipped: no Secret Service', () => {
  const password = 'Team-Keychain-Passw0rd-42';
  // A server that is not there: the link then says so, and nothing here needs a database.
  const setting = { databaseUrl: 'postgres://127.0.0.1:1/team', login: 'td_acme_front' };
  const host = hostForSuite('titledesk-keychain-team-');
  const { dispatch } = host;

  it('keeps a saved password in the keychain and in no file, and has it again after a restart', async () => {
    expect(await dispatch('team:save', { setting, password })).toMatchObject({ ok: true, data: { password: 'saved', passwordKeptIn: 'os-keychain' } });
    expect(passwordInKeychain(host.dataDir())).toBe(password);
    await host.restart(() => {
      for (const file of filesUnder(host.dataDir())) expect(readFileSync(file).includes(password), file).toBe(false);
    });
    const view = await dispatch('team:get');
    expect(view).toMatchObject({ ok: true, data: { setting, password: 'saved', passwordKeptIn: 'os-keychain' } });
    expect(JSON.stringify(view)).not.toContain(password);
  });

  it('removes it from the keychain when the desk leaves its team', async () => {
    expect(await dispatch('team:leave')).toMatchObject({ ok: true, data: { setting: null, password: 'not-set' } });
    expect(passwordInKeychain(host.dataDir())).toBeNull();
    // Leaving again, with nothing kept, is not an error.
    expect(await dispatch('team:leave')).toMatchObject({ ok: true });
  });
});
