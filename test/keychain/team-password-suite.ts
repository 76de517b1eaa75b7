// Settings → Team's password in the OS keychain for real, as browser mode and the CLI keep it: run
// by `npm test` inside `dbus-run-session` with an unlocked gnome-keyring-daemon (scripts/test.mjs),
// registered by keychain-store.test.ts before its test that locks the keychain.
// Saved, it is in the keychain and in no file of the data folder; after a restart the host still
// has it and says only "saved"; leaving the team removes it. Skipped, by name, without a keychain.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Entry } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type StartedCore } from '../../electron/core/app/start-core.ts';
import { chooseKeychainStore, keychainAccount, keychainService } from '../../electron/core/secrets/keychain-secret-store.ts';
import { teamSecretId } from '../../electron/core/team-join/team-secret.ts';
import { webCoreOptions } from '../../electron/web/web-core-options.ts';
import type { Result } from '../../shared/contract/result.ts';

const probeDir = mkdtempSync(join(tmpdir(), 'titledesk-keychain-probe-'));
const answering = (await chooseKeychainStore(probeDir)).note === undefined;
rmSync(probeDir, { recursive: true, force: true });

function inKeychain(dataDir: string): string | null {
  return new Entry(keychainService, keychainAccount(dataDir, teamSecretId, 'teamPassword'), { linux: { store: 'secret-service' } }).getPassword();
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe.skipIf(!answering)(answering ? 'the team password in the OS keychain' : 'skipped: no Secret Service', () => {
  const password = 'Team-Keychain-Passw0rd-42';
  // A server that is not there: the link then says so, and nothing here needs a database.
  const setting = { databaseUrl: 'postgres://127.0.0.1:1/team', login: 'td_acme_front' };
  let dataDir: string;
  let started: StartedCore | undefined;
  const startHost = async (): Promise<StartedCore> => startCore({ ...(await webCoreOptions(dataDir, {})), sandbox: false });
  const dispatch = async (channel: string, payload?: unknown): Promise<Result<unknown>> => {
    if (started === undefined) throw new Error('no host');
    return started.core.router.dispatch(channel, payload);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'titledesk-keychain-team-'));
    started = await startHost();
  });

  afterAll(async () => {
    await started?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a saved password in the keychain and in no file, and has it again after a restart', async () => {
    expect(await dispatch('team:save', { setting, password })).toMatchObject({ ok: true, data: { password: 'saved', passwordKeptIn: 'os-keychain' } });
    expect(inKeychain(dataDir)).toBe(password);
    await started?.close();
    for (const file of filesUnder(dataDir)) expect(readFileSync(file).includes(password), file).toBe(false);
    started = await startHost();
    const view = await dispatch('team:get');
    expect(view).toMatchObject({ ok: true, data: { setting, password: 'saved', passwordKeptIn: 'os-keychain' } });
    expect(JSON.stringify(view)).not.toContain(password);
  });

  it('removes it from the keychain when the desk leaves its team', async () => {
    expect(await dispatch('team:leave')).toMatchObject({ ok: true, data: { setting: null, password: 'not-set' } });
    expect(inKeychain(dataDir)).toBeNull();
    // Leaving again, with nothing kept, is not an error.
    expect(await dispatch('team:leave')).toMatchObject({ ok: true });
  });
});
