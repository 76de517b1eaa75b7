// The OS keychain for real: run by `npm test` inside `dbus-run-session` with an unlocked
// gnome-keyring-daemon (see scripts/test.mjs). Without a Secret Service the suite is reported
// skipped under a name that says so, and fails when TITLEDESK_REQUIRE_KEYCHAIN=1 asked for one.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Entry } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type StartedCore } from '../../electron/core/app/start-core.ts';
import { chooseKeychainStore, keychainAccount, keychainService } from '../../electron/core/secrets/keychain-secret-store.ts';
import type { SecretName } from '../../electron/core/secrets/secret-store.ts';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox/index.ts';
import { webCoreOptions } from '../../electron/web/web-core-options.ts';
import type { Result } from '../../shared/contract/result.ts';
import { environmentSchema } from '../../shared/environment.ts';
// The team password's suite is registered here, ahead of this file's own: the last test below
// locks the keychain, which the test daemon cannot unlock without a prompt, and the keychain
// project's files are not run in a fixed order.
import './team-password-suite.ts';

const probeDir = mkdtempSync(join(tmpdir(), 'titledesk-keychain-probe-'));
const probe = await chooseKeychainStore(probeDir);
rmSync(probeDir, { recursive: true, force: true });
const answering = probe.note === undefined;

if (!answering && process.env['TITLEDESK_REQUIRE_KEYCHAIN'] === '1') {
  throw new Error(`A Secret Service was expected (TITLEDESK_REQUIRE_KEYCHAIN=1) but none answered: ${probe.note}`);
}

/** What the keychain itself holds for a secret, read past TitleDesk with the binding's own API. */
function inKeychain(dataDir: string, environmentId: string, name: SecretName): string | null {
  return new Entry(keychainService, keychainAccount(dataDir, environmentId, name), { linux: { store: 'secret-service' } }).getPassword();
}

/** Every byte of every file under a folder, so a secret cannot hide in a binary journal either. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe.skipIf(!answering)(answering ? 'the OS keychain (Secret Service)' : 'skipped: no Secret Service', () => {
  let service: RunningSandbox;
  let dataDir: string;
  let started: StartedCore | undefined;

  const startHost = async (): Promise<StartedCore> => startCore({ ...(await webCoreOptions(dataDir, {})), sandbox: false });
  const dispatch = async (channel: string, payload?: unknown): Promise<Result<unknown>> => {
    if (started === undefined) throw new Error('no host');
    return started.core.router.dispatch(channel, payload);
  };

  beforeAll(async () => {
    service = await startSandbox({ port: 0 });
    dataDir = mkdtempSync(join(tmpdir(), 'titledesk-keychain-'));
    started = await startHost();
  });

  afterAll(async () => {
    await started?.close();
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a secret set through the contract in the keychain, in no file, and across a restart of the host', async () => {
    const added = await dispatch('environment:add', { input: { name: 'Staging', baseUrl: service.baseUrl, authMode: 'machine' } });
    if (!added.ok) throw new Error(added.error.message);
    const { id } = environmentSchema.parse(added.data);
    const { clientId, clientSecret } = service.config.machine;
    expect(await dispatch('credentials:set', { environmentId: id, name: 'clientId', value: clientId })).toMatchObject({ ok: true });
    const status = await dispatch('credentials:set', { environmentId: id, name: 'clientSecret', value: clientSecret });
    expect(status).toMatchObject({ ok: true, data: { persistence: 'os-keychain', present: { clientId: true, clientSecret: true } } });

    expect(inKeychain(dataDir, id, 'clientSecret')).toBe(clientSecret);
    expect(inKeychain(dataDir, id, 'clientId')).toBe(clientId);

    await started?.close();
    started = await startHost();
    expect(await dispatch('credentials:status', { environmentId: id })).toMatchObject({
      ok: true,
      data: { persistence: 'os-keychain', present: { clientId: true, clientSecret: true } },
    });
    const before = service.stats().token;
    expect(await dispatch('auth:sign-in', { environmentId: id })).toMatchObject({ ok: true, data: { signedIn: true, credentials: 'stored' } });
    expect(service.stats().token).toBe(before + 1);

    const files = filesUnder(dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(readFileSync(file).includes(clientSecret), file).toBe(false);
  });

  it('removes the secrets from the keychain with the environment, and keeps data folders apart', async () => {
    const added = await dispatch('environment:add', { input: { name: 'Short lived', baseUrl: service.baseUrl, authMode: 'developer' } });
    if (!added.ok) throw new Error(added.error.message);
    const { id } = environmentSchema.parse(added.data);
    await dispatch('credentials:set', { environmentId: id, name: 'refreshToken', value: 'rt-kept-in-the-keychain' });
    expect(inKeychain(dataDir, id, 'refreshToken')).toBe('rt-kept-in-the-keychain');
    expect(inKeychain(join(dataDir, 'elsewhere'), id, 'refreshToken')).toBeNull();

    expect(await dispatch('environment:remove', { id })).toMatchObject({ ok: true });
    expect(inKeychain(dataDir, id, 'refreshToken')).toBeNull();
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
