import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectionTestSchema, providerKeyTestSchema } from '../../../shared/environment/connection-test.ts';
import { environmentSchema } from '../../../shared/environment/environment.ts';
import { providerKeys } from '../../../electron/sandbox/provider/keys.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let core: TestCore;

beforeEach(async () => {
  core = await startTestCore({ port: 0 });
});
afterEach(async () => {
  await core.close();
});

async function dispatch(channel: string, payload: unknown): Promise<unknown> {
  const result = await core.started.core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.data;
}

/** A user environment on the embedded sandbox, as someone would add one through settings. */
async function addEnvironment(authMode: 'developer' | 'machine'): Promise<string> {
  const config = core.started.core.sandbox;
  if (config === undefined) throw new Error('no sandbox');
  const input = { name: `Test ${authMode}`, baseUrl: config.baseUrl, authMode, findUrl: config.addressProvider.findUrl, retrieveUrl: config.addressProvider.retrieveUrl };
  return environmentSchema.parse(await dispatch('environment:add', { input })).id;
}

async function setSecret(environmentId: string, name: string, value: string): Promise<void> {
  await dispatch('credentials:set', { environmentId, name, value });
}

function sandboxConfig() {
  const config = core.started.core.sandbox;
  if (config === undefined) throw new Error('no sandbox');
  return config;
}

describe('environment:test', () => {
  it('shows discovery and an issued token for good developer credentials', async () => {
    const id = await addEnvironment('developer');
    await setSecret(id, 'developerClientId', sandboxConfig().developer.clientId);
    await setSecret(id, 'refreshToken', sandboxConfig().developer.refreshToken);
    const result = connectionTestSchema.parse(await dispatch('environment:test', { environmentId: id }));
    expect(result.ok).toBe(true);
    expect(result.steps.map((step) => [step.step, step.ok])).toEqual([['discovery', true], ['token', true]]);
    expect(result.steps[1]?.summary).toMatch(/refresh token was accepted/);
    // The test leaves the environment usable: a purchase-free sign-in still works afterwards.
    const signIn = await core.started.core.router.dispatch('auth:sign-in', { environmentId: id });
    expect(signIn.ok).toBe(true);
  });

  it('names the RFC 6749 error for a rejected refresh token and keeps it stored', async () => {
    const id = await addEnvironment('developer');
    await setSecret(id, 'developerClientId', sandboxConfig().developer.clientId);
    await setSecret(id, 'refreshToken', 'not-a-real-token');
    const result = connectionTestSchema.parse(await dispatch('environment:test', { environmentId: id }));
    expect(result.ok).toBe(false);
    expect(result.steps[0]?.ok).toBe(true);
    expect(result.steps[1]).toMatchObject({ step: 'token', ok: false, oauthError: 'invalid_grant' });
    expect(JSON.stringify(result)).not.toContain('not-a-real-token');
    const status = (await dispatch('credentials:status', { environmentId: id })) as { present: Record<string, boolean> };
    expect(status.present.refreshToken).toBe(true);
  });

  it('names invalid_client for a wrong machine secret, and passes with the right one', async () => {
    const id = await addEnvironment('machine');
    await setSecret(id, 'clientId', sandboxConfig().machine.clientId);
    await setSecret(id, 'clientSecret', 'wrong-secret');
    const bad = connectionTestSchema.parse(await dispatch('environment:test', { environmentId: id }));
    expect(bad.steps[1]).toMatchObject({ ok: false, oauthError: 'invalid_client' });
    await setSecret(id, 'clientSecret', sandboxConfig().machine.clientSecret);
    const good = connectionTestSchema.parse(await dispatch('environment:test', { environmentId: id }));
    expect(good.ok).toBe(true);
  });

  it('stops after discovery when the base URL is not a Data Purchase Service', async () => {
    const config = sandboxConfig();
    const input = { name: 'Wrong', baseUrl: `${config.addressProvider.findUrl}/nowhere`, authMode: 'developer' };
    const id = environmentSchema.parse(await dispatch('environment:add', { input })).id;
    const result = connectionTestSchema.parse(await dispatch('environment:test', { environmentId: id }));
    expect(result.ok).toBe(false);
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]).toMatchObject({ step: 'discovery', ok: false });
  });

  it('says which credentials are missing without sending a token request', async () => {
    const id = await addEnvironment('machine');
    const result = connectionTestSchema.parse(await dispatch('environment:test', { environmentId: id }));
    expect(result.steps[1]).toMatchObject({ step: 'token', ok: false, ms: 0 });
    expect(result.steps[1]?.summary).toMatch(/No client id and secret/);
  });
});

describe('address:test-key', () => {
  it('accepts the sandbox key and reports UMRRNs from one Retrieve of a flat', async () => {
    const id = await addEnvironment('developer');
    await setSecret(id, 'providerKey', providerKeys.key);
    const findOnly = providerKeyTestSchema.parse(await dispatch('address:test-key', { environmentId: id }));
    expect(findOnly).toMatchObject({ ok: true, umrrn: 'unknown' });
    expect(findOnly.steps.map((step) => step.step)).toEqual(['find']);
    const retrieveId = sandboxConfig().addressProvider.multiResidencyAddressId;
    const withRetrieve = providerKeyTestSchema.parse(await dispatch('address:test-key', { environmentId: id, retrieveId }));
    expect(withRetrieve).toMatchObject({ ok: true, umrrn: 'yes' });
  });

  it('reports no UMRRNs for an account without the multi-residency option', async () => {
    const id = await addEnvironment('developer');
    await setSecret(id, 'providerKey', providerKeys.keyWithoutMultiResidency);
    const retrieveId = sandboxConfig().addressProvider.multiResidencyAddressId;
    const result = providerKeyTestSchema.parse(await dispatch('address:test-key', { environmentId: id, retrieveId }));
    expect(result).toMatchObject({ ok: true, umrrn: 'no' });
  });

  it("shows the provider's own text for an unknown and an expired key", async () => {
    const id = await addEnvironment('developer');
    await setSecret(id, 'providerKey', 'ZZ98-XY76-QQ54-WV32');
    const unknown = providerKeyTestSchema.parse(await dispatch('address:test-key', { environmentId: id }));
    expect(unknown.ok).toBe(false);
    expect(unknown.providerError).toMatch(/^Unknown key\. Please check that the key is correct/);
    expect(JSON.stringify(unknown)).not.toContain('ZZ98-XY76');
    await setSecret(id, 'providerKey', providerKeys.expiredKey);
    const expired = providerKeyTestSchema.parse(await dispatch('address:test-key', { environmentId: id }));
    expect(expired.providerError).toMatch(/^Key expired/);
  });
});

describe('address:test-key on the built-in sandbox', () => {
  it('also retrieves a flat, since that costs nothing there, and answers the UMRRN question', async () => {
    const result = providerKeyTestSchema.parse(await dispatch('address:test-key', undefined));
    expect(result.steps.map((step) => [step.step, step.ok])).toEqual([['find', true], ['retrieve', true]]);
    expect(result.umrrn).toBe('yes');
  });
});
