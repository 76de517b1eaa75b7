import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import type { RunningSandbox } from '../../../electron/sandbox/index.ts';
import type { EnvironmentRegistry } from '../../../electron/core/env/environment-registry.ts';
import { startRegistryOnSandbox, type RegistryOnSandbox } from '../fixtures/core-fixtures.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { AddressClient } from '../../../electron/core/address/address-client.ts';
import { CoreError } from '../../../electron/core/errors.ts';
import type { AddressCandidate } from '../../../shared/property/address.ts';
import { parseAddressKey } from '../../../shared/property/address-key.ts';

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

/** A client for the sandbox with a chosen provider key (or none) and provider URLs. */
async function clientWith(key: string | undefined, urls: { findUrl?: string } = {}): Promise<AddressClient> {
  const session = registry.session('sandbox');
  const secrets = new MemorySecretStore();
  if (key !== undefined) await secrets.set('sandbox', 'providerKey', key);
  const environment = { ...session.environment, ...urls };
  return new AddressClient({ environment, secrets, dispatcher: agent, service: session.client });
}

async function errorOf(promise: Promise<unknown>): Promise<CoreError | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  return undefined;
}

/** Follows containers from a Find until an Address appears, as a user clicking through would. */
async function firstAddress(client: AddressClient, text: string): Promise<AddressCandidate> {
  let candidates = (await client.find(text)).candidates;
  for (let depth = 0; depth < 5; depth += 1) {
    const address = candidates.find((candidate) => !candidate.isContainer);
    if (address !== undefined) return address;
    const container = candidates[0];
    if (container === undefined) break;
    candidates = (await client.find(text, { container: container.id })).candidates;
  }
  throw new Error(`No address found for ${text}`);
}

describe('address lookup against the sandbox provider', () => {
  it('finds containers with parsed highlights and drills down to addresses', async () => {
    const client = registry.session('sandbox').address;
    const query = sandbox.config.addressProvider.sampleQueries[0] ?? 'LS23 6T';
    const { candidates } = await client.find(query);
    const container = candidates[0];
    expect(container?.isContainer).toBe(true);
    for (const candidate of candidates) {
      expect(candidate.isContainer).toBe(candidate.type !== 'Address');
      expect(candidate.highlight.text.length).toBeGreaterThan(0);
      for (const [start, end] of candidate.highlight.text) {
        expect(start).toBeLessThan(end);
        expect(end).toBeLessThanOrEqual(candidate.text.length);
      }
    }
    const inside = await client.find(query, { container: container?.id ?? '' });
    expect(inside.candidates.length).toBeGreaterThan(0);
    const address = await firstAddress(client, query);
    expect(address.type).toBe('Address');
  });

  it('accepts the bare array of the plain json format', async () => {
    const json3 = sandbox.config.addressProvider.findUrl;
    const client = await clientWith(sandbox.config.addressProvider.key, { findUrl: json3.replace('json3.ws', 'json.ws') });
    const query = sandbox.config.addressProvider.sampleQueries[0] ?? 'Mill Lane';
    const wrapped = await registry.session('sandbox').address.find(query);
    expect(json3).toContain('json3.ws');
    expect(await client.find(query)).toEqual(wrapped);
  });

  it('retrieves a multi-residence address with UDPRN, UMRRN, key, UPRN and titles', async () => {
    const client = registry.session('sandbox').address;
    const result = await client.retrieve(sandbox.config.addressProvider.multiResidencyAddressId);
    expect(result.udprn).toEqual(expect.any(Number));
    expect(result.umrrn).toBeGreaterThan(0);
    expect(result.unavailableReason).toBeNull();
    expect(result.keyPrecision).toBe('exact');
    expect(parseAddressKey(result.addressKey ?? '')).toEqual({ udprn: result.udprn, umrrn: result.umrrn });
    expect(result.record.Field1).toBe(String(result.udprn));
    expect(result.label.length).toBeGreaterThan(1);
    expect(result.service.status).toBe('found');
    expect(result.uprn).toMatch(/^\d+$/);
    expect(result.titles.length).toBeGreaterThan(0);
    for (const title of result.titles) expect(title.titleNumber).toMatch(/^[A-Z]{1,3}\d{1,6}$/);
  });

  it('retrieves an address found by search', async () => {
    const client = registry.session('sandbox').address;
    const address = await firstAddress(client, sandbox.config.addressProvider.sampleQueries[0] ?? 'Mill Lane');
    const result = await client.retrieve(address.id);
    expect(result.record.Id).toBe(address.id);
    expect(result.udprn).toEqual(expect.any(Number));
    expect(result.addressKey).not.toBeNull();
    expect(['found', 'not_found']).toContain(result.service.status);
  });

  it('explains a missing UMRRN when the account lacks the multi-residency option', async () => {
    const client = await clientWith(sandbox.config.addressProvider.keyWithoutMultiResidency);
    const result = await client.retrieve(sandbox.config.addressProvider.multiResidencyAddressId);
    expect(result.udprn).toEqual(expect.any(Number));
    expect(result.umrrn).toBeNull();
    expect(result.unavailableReason).toMatch(/multi-residency/);
    expect(result.keyPrecision).toBe('delivery-point');
    expect(parseAddressKey(result.addressKey ?? '')).toEqual({ udprn: result.udprn, umrrn: 0 });
  });

  it('turns a provider error item into its own code with Description and Resolution, never the key', async () => {
    const client = await clientWith('NO00-SU00-CH00-KEY0');
    const error = await errorOf(client.find('Mill'));
    expect(error?.code).toBe('provider_unknown_key');
    expect(error?.message).toBe('Address provider error 2: Unknown key.');
    expect(error?.detail).toMatch(/check that the key is correct/);
    expect(error?.provider).toMatchObject({ error: '2', description: 'Unknown key' });
    expect(JSON.stringify([error?.message, error?.detail])).not.toContain('NO00-SU00-CH00-KEY0');
  });

  it('sends nothing without a provider key', async () => {
    const before = sandbox.stats().provider;
    const error = await errorOf((await clientWith(undefined)).find('Mill'));
    expect(error?.code).toBe('credentials_missing');
    expect(sandbox.stats().provider).toBe(before);
  });

  it('names a missing address provider as missing set-up, not as invalid input', async () => {
    const session = registry.session('sandbox');
    const environment = { ...session.environment };
    delete environment.findUrl;
    const client = new AddressClient({ environment, secrets: new MemorySecretStore(), dispatcher: agent, service: session.client });
    const error = await errorOf(client.find('Mill'));
    expect(error?.code).toBe('credentials_missing');
    expect(error?.message).toContain('No address provider is configured');
  });

  it('cancels a stale find while the newer one completes', async () => {
    const client = registry.session('sandbox').address;
    const stale = new AbortController();
    const first = client.find('Mill', { signal: stale.signal });
    stale.abort();
    const second = client.find(sandbox.config.addressProvider.sampleQueries[0] ?? 'Mill Lane');
    expect((await errorOf(first))?.code).toBe('cancelled');
    expect((await second).candidates.length).toBeGreaterThan(0);
  });
});
