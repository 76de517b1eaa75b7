import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import type { EnvironmentRegistry } from '../../../electron/core/env/environment-registry.ts';
import { AddressClient } from '../../../electron/core/address/address-client.ts';
import { CoreError } from '../../../electron/core/errors.ts';
import { testProviderKey } from '../../../electron/core/onboarding/provider-key-test.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import type { RunningSandbox } from '../../../electron/sandbox/index.ts';
import { errorWords } from '../../../shared/errors/error-messages.ts';
import type { ErrorCode } from '../../../shared/errors/errors.ts';
import { startRegistryOnSandbox, type RegistryOnSandbox } from '../fixtures/core-fixtures.ts';

let fixture: RegistryOnSandbox;
let sandbox: RunningSandbox;
let agent: Dispatcher;
let registry: EnvironmentRegistry;

beforeAll(async () => {
  fixture = await startRegistryOnSandbox();
  ({ sandbox, agent, registry } = fixture);
});
afterAll(async () => {
  await fixture.close();
});

/** Each sandbox account error key, the provider number it answers with, and TitleDesk's code for it. */
const expectedCodes: readonly (readonly [name: string, error: string, code: ErrorCode])[] = [
  ['unknown key', '2', 'provider_unknown_key'],
  ['key expired', '16', 'provider_key_expired'],
  ['out of credit', '3', 'provider_out_of_credit'],
  ['daily limit', '8', 'provider_limit_reached'],
  ['per-user limit', '17', 'provider_limit_reached'],
  ['surge protector', '10', 'provider_surge_protection'],
  ['IP address not allowed', '4', 'provider_origin_refused'],
  ['URL (referrer) not allowed', '5', 'provider_origin_refused'],
  ['service not on this key', '6', 'provider_service_refused'],
];

function keyNamed(name: string): { key: string; description: string } {
  const entry = sandbox.config.addressProvider.accountErrorKeys.find((candidate) => candidate.name === name);
  if (entry === undefined) throw new Error(`the sandbox lists no key for ${name}`);
  return entry;
}

async function clientWith(key: string): Promise<AddressClient> {
  const session = registry.session('sandbox');
  const secrets = new MemorySecretStore();
  await secrets.set('sandbox', 'providerKey', key);
  return new AddressClient({ environment: session.environment, secrets, dispatcher: agent, service: session.client });
}

async function errorOf(promise: Promise<unknown>): Promise<CoreError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  throw new Error('expected a CoreError');
}

describe('address provider account errors over loopback HTTP', () => {
  it('lists one test key per account error in the sandbox config', () => {
    expect(sandbox.config.addressProvider.accountErrorKeys.map((entry) => [entry.name, entry.error])).toEqual(
      expectedCodes.map(([name, error]) => [name, error]),
    );
  });

  it.each(expectedCodes)('%s: Find and Retrieve fail with its own code, the provider number and words, never the key', async (name, error, code) => {
    const { key, description } = keyNamed(name);
    const client = await clientWith(key);
    for (const failure of [await errorOf(client.find('Mill')), await errorOf(client.retrieve(sandbox.config.addressProvider.multiResidencyAddressId))]) {
      expect(failure.code).toBe(code);
      expect(failure.provider).toMatchObject({ error, description });
      expect(failure.provider?.resolution).not.toBe('');
      expect(failure.message).toBe(`Address provider error ${error}: ${description}.`);
      const data = failure.toData();
      expect(data).toMatchObject({ code, provider: { error, description } });
      expect(JSON.stringify(data)).not.toContain(key);
    }
  });

  it.each(expectedCodes)('%s: "Test key" names which refusal it is, with the provider words', async (name, error, code) => {
    const { key, description } = keyNamed(name);
    const result = await testProviderKey({ environmentId: 'sandbox', address: await clientWith(key), text: 'LS23' });
    expect(result.ok).toBe(false);
    expect(result.refusal).toMatchObject({ code, provider: { error, description } });
    expect(result.steps[0]?.summary).toBe(`The address provider refused: ${description} (error ${error}). ${errorWords[code].headline}`);
    expect(result.providerError).toMatch(new RegExp(`^${description.replace(/[()]/g, '\\$&')}\\. `));
    expect(JSON.stringify(result)).not.toContain(key);
  });
});
