import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentRegistry } from '../../../electron/core/env/environment-registry.ts';
import { buildWorld, defaultWorldSeed } from '../../../electron/sandbox/world/build-world.ts';
import type { RunningSandbox } from '../../../electron/sandbox/index.ts';
import { parseAddressKey } from '../../../shared/property/address-key.ts';
import { codeOf, startRegistryOnSandbox, type RegistryOnSandbox } from '../fixtures/core-fixtures.ts';
import { developerEnv, runCli } from '../fixtures/run-cli.ts';

let fixture: RegistryOnSandbox;
let sandbox: RunningSandbox;
let registry: EnvironmentRegistry;
/** A postcode of the sandbox's world with a block of flats in it. */
let postcode = '';
let addressesInPostcode = 0;

beforeAll(async () => {
  fixture = await startRegistryOnSandbox();
  ({ sandbox, registry } = fixture);
  const world = buildWorld(defaultWorldSeed);
  const flat = world.addresses.find((address) => address.umrrn > 0);
  postcode = flat?.postcode ?? '';
  addressesInPostcode = world.addresses.filter((address) => address.postcode === postcode).length;
  // The built-in environment without its address provider key.
  await registry.setSecret('sandbox', 'providerKey', '');
});

afterAll(async () => {
  await fixture.close();
});

function providerRequests(): number {
  return sandbox.log().filter((entry) => entry.path.startsWith('/Capture/')).length;
}

describe('address search without the address provider key', () => {
  it('finds every address of a whole postcode through the service, however it is typed, and says free text needs the key', async () => {
    const address = registry.session().address;
    const typed = postcode.replace(' ', '').toLowerCase();
    const found = await address.find(typed);
    expect(found.candidates).toHaveLength(addressesInPostcode);
    expect(found.note).toContain('needs the address provider key');
    for (const candidate of found.candidates) {
      expect(candidate).toMatchObject({ type: 'Address', isContainer: false, description: postcode });
      expect(candidate.text).toContain(postcode);
    }
    expect(providerRequests()).toBe(0);
  });

  it('gives an address found that way with its key, UDPRN, UMRRN, UPRN and titles, asking only the service', async () => {
    const address = registry.session().address;
    const [candidate] = (await address.find(postcode)).candidates;
    const retrieved = await address.retrieve(candidate?.id ?? '');
    const key = retrieved.addressKey ?? '';
    expect(parseAddressKey(key)).toEqual({ udprn: retrieved.udprn, umrrn: retrieved.umrrn });
    expect(retrieved).toMatchObject({ keyPrecision: 'exact', unavailableReason: null, service: { status: 'found' } });
    expect(retrieved.titles.length).toBeGreaterThan(0);
    expect(retrieved.uprn).toMatch(/^[0-9]+$/);
    expect(retrieved.label.at(-1)).toBe(postcode);
    expect(providerRequests()).toBe(0);
  });

  it('refuses free text plainly, sending nothing anywhere', async () => {
    const before = sandbox.log().length;
    const failure = await registry.session().address.find('High Street').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'credentials_missing', message: expect.stringContaining('needs the address provider key') as unknown });
    expect(await codeOf(registry.session().address.find(postcode.slice(0, -1)))).toBe('credentials_missing');
    expect(sandbox.log().length).toBe(before);
  });

  it('with the key set again, searches through the provider as before', async () => {
    await registry.setSecret('sandbox', 'providerKey', sandbox.config.addressProvider.key);
    const found = await registry.session().address.find(postcode);
    expect(found.note).toBeUndefined();
    expect(providerRequests()).toBeGreaterThan(0);
    await registry.setSecret('sandbox', 'providerKey', '');
  });
});

describe('titledesk address without LOQATE_KEY', () => {
  it('finds a postcode through the service, retrieves an address of it, and refuses free text with exit 3', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-postcode-cli-'));
    try {
      const env = developerEnv(sandbox, dataDir);
      const providerBefore = providerRequests();
      const find = await runCli(['address', 'find', postcode, '--json'], env);
      expect(find.code).toBe(0);
      expect(find.stderr).toContain('needs the address provider key');
      const { candidates } = JSON.parse(find.stdout) as { candidates: { id: string; text: string }[] };
      expect(candidates).toHaveLength(addressesInPostcode);
      const id = candidates[0]?.id ?? '';
      expect(id).toMatch(/^service-address:/);
      const retrieve = await runCli(['address', 'retrieve', id], env);
      expect(retrieve.code).toBe(0);
      expect(retrieve.stdout).toMatch(/Address key: [0-9a-z]+·[0-9a-z]+/);
      expect(retrieve.stdout).toMatch(/Title: /);
      expect(retrieve.stdout).toMatch(/Its own catalogs: titledesk catalog --address [0-9a-z]+·[0-9a-z]+ \| --uprn \d+/);
      const free = await runCli(['address', 'find', 'High Street'], env);
      expect(free.code).toBe(3);
      expect(free.stderr).toContain('needs the address provider key');
      expect(providerRequests()).toBe(providerBefore);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
