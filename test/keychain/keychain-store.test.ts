// The OS keychain for real: run by `npm test` inside `dbus-run-session` with an unlocked
// gnome-keyring-daemon (see scripts/test.mjs). Without a Secret Service the suite is reported
// skipped under a name that says so, and fails when TITLEDESK_REQUIRE_KEYCHAIN=1 asked for one.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox/index.ts';
import { environmentSchema } from '../../shared/environment/environment.ts';
import { filesUnder, hostForSuite, inKeychain, keychain } from './support/keychain-host.ts';
// The team password's suite is registered here, ahead of this file's own: the last test below
// locks the keychain, which the test daemon cannot unlock without a prompt, and the keychain
// project's files are not run in a fixed order.
import './team-password-suite.ts';

const { answering } = keychain;

if (!answering && process.env['TITLEDESK_REQUIRE_KEYCHAIN'] === '1') {
  throw new Error(`A Secret Service was expected (TITLEDESK_REQUIRE_KEYCHAIN=1) but none answered: ${keychain.note}`);
}

describe.skipIf(!answering)(answering ? 'the OS keychain (Secret Service)' : 'skipped: no Secret Service', () => {
  let service: RunningSandbox;

  // Registered before the host's hooks: the service starts first and closes after the host.
  beforeAll(async () => {
    service = await startSandbox({ port: 0 });
  });

  afterAll(async () => {
    await service.close();
  });

  const host = hostForSuite('titledesk-keychain-');
  const { dispatch } = host;

  it('keeps a secret set through the contract in the keychain, in no file, and across a restart of the host', async () => {
    const added = await dispatch('environment:add', { input: { name: 'Staging', baseUrl: service.baseUrl, authMode: 'machine' } });
    if (!added.ok) throw new Error(added.error.message);
    const { id } = environmentSchema.parse(added.data);
    const { clientId, clientSecret } = service.config.machine;
    expect(await dispatch('credentials:set', { environmentId: id, name: 'clientId', value: clientId })).toMatchObject({ ok: true });
    const status = await dispatch('credentials:set', { environmentId: id, name: 'clientSecret', value: clientSecret });
    expect(status).toMatchObject({ ok: true, data: { persistence: 'os-keychain', present: { clientId: true, clientSecret: true } } });

    expect(inKeychain(host.dataDir(), id, 'clientSecret')).toBe(clientSecret);
    expect(inKeychain(host.dataDir(), id, 'clientId')).toBe(clientId);

    await host.restart();
    expect(await dispatch('credentials:status', { environmentId: id })).toMatchObject({
      ok: true,
      data: { persistence: 'os-keychain', present: { clientId: true, clientSecret: true } },
    });
    const before = service.stats().token;
    expect(await dispatch('auth:sign-in', { environmentId: id })).toMatchObject({ ok: true, data: { signedIn: true, credentials: 'stored' } });
    expect(service.stats().token).toBe(before + 1);

    const files = filesUnder(host.dataDir());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(readFileSync(file).includes(clientSecret), file).toBe(false);
  });

  it('removes the secrets from the keychain with the environment, and keeps data folders apart', async () => {
    const added = await dispatch('environment:add', { input: { name: 'Short lived', baseUrl: service.baseUrl, authMode: 'developer' } });
    if (!added.ok) throw new Error(added.error.message);
    const { id } = environmentSchema.parse(added.data);
    await dispatch('credentials:set', { environmentId: id, name: 'refreshToken', value: 'rt-kept-in-the-keychain' });
    expect(inKeychain(host.dataDir(), id, 'refreshToken')).toBe('rt-kept-in-the-keychain');
    expect(inKeychain(join(host.dataDir(), 'elsewhere'), id, 'refreshToken')).toBeNull();

    expect(await dispatch('environment:remove', { id })).toMatchObject({ ok: true });
    expect(inKeychain(host.dataDir(), id, 'refreshToken')).toBeNull();
  });

  // Last: once locked, the test daemon cannot be unlocked without a prompt.
  it.runIf(onPath('dbus-send'))('says in plain words when the keychain is locked later, and sends nothing', async () => {
    const added = await dispatch('environment:add', { input: { name: 'Locked', baseUrl: service.baseUrl, authMode: 'machine' } });
    if (!added.ok) throw new Error(added.error.message);
    const { id } = environmentSchema.parse(added.data);
    await dispatch('credentials:set', { environmentId: id, name: 'clientId', value: service.config.machine.clientId });
    await dispatch('credentials:set', { environmentId: id, name: 'clientSecret', value: service.config.machine.clientSecret });
    execFileSync('dbus-send', ['--session', '--dest=org.freedesktop.secrets', '--print-reply', '/org/freedesktop/secrets', 'org.freedesktop.Secret.Service.Lock', 'array:objpath:/org/freedesktop/secrets/collection/login']);

    const before = service.stats().token;
    const signIn = await dispatch('auth:sign-in', { environmentId: id });
    expect(signIn).toMatchObject({ ok: false, error: { code: 'credentials_missing', message: expect.stringContaining('OS keychain could not read') as string } });
    const set = await dispatch('credentials:set', { environmentId: id, name: 'clientSecret', value: 'another' });
    expect(set).toMatchObject({ ok: false, error: { message: expect.stringContaining('unlock it and try again') as string } });
    expect(service.stats().token).toBe(before);
  });
});

function onPath(name: string): boolean {
  return (process.env['PATH'] ?? '').split(':').some((dir) => dir !== '' && existsSync(join(dir, name)));
}
