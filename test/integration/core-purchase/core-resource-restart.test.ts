import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld } from '../../../electron/sandbox/world/build-world.ts';
import { formatAddressKey } from '../../../shared/property/address-key.ts';
import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import { environmentWithoutCredentials, serviceTraffic, startHarness, statusesOf, type Harness } from '../fixtures/purchase-harness.ts';

// Purchases from an address's or a UPRN's catalog survive a restart and a sign-in as a title's do: followed, or sent, to their own catalog.
let h: Harness;
const [first, second] = buildWorld().addresses.slice(70, 72);
const variable = (): string => `${h.sandbox.baseUrl}/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Bedrooms/Bedroom Count (1⋯6+)`;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.close();
});

describe('a purchase from an address\'s or a UPRN\'s catalog across a restart', () => {
  it('is followed to its end after a restart, never sent again, and keeps its address', async () => {
    const address: CatalogResource = { kind: 'address', key: formatAddressKey(first?.udprn ?? 0, first?.umrrn ?? 0) };
    const dataDir = h.newDataDir();
    const service = h.newService({ dataDir });
    const accepted = await service.create(h.env, address, [variable()]);
    expect(accepted).toMatchObject({ state: 'pending', resource: address });
    await service.close();
    const before = serviceTraffic(h.sandbox);
    const restarted = h.newService({ dataDir, resolveEnvironment: (id) => (id === h.env.id ? h.env : undefined) });
    restarted.resume();
    const done = await restarted.waitForSettled(accepted.id);
    expect(done).toMatchObject({ state: 'available', resource: address });
    expect(done.titleNumber).toBeUndefined();
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(0);
    expect(statusesOf(done).filter((status) => status.startsWith('POST'))).toEqual(['POST 303']);
  });

  it('waits for sign-in without sending, then goes to the UPRN\'s catalog once signed in', async () => {
    const { env, signIn } = environmentWithoutCredentials(h, 'no-creds-uprn');
    const service = h.newService({ resolveEnvironment: (id) => (id === env.id ? env : undefined) });
    const spatial: CatalogResource = { kind: 'spatial', key: second?.uprn ?? '' };
    const uprnVariable = `${h.sandbox.baseUrl}/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number`;
    const before = serviceTraffic(h.sandbox);
    const waiting = await service.create(env, spatial, [uprnVariable]);
    expect(waiting).toMatchObject({ state: 'waiting_for_sign_in', resource: spatial });
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(0);
    await signIn();
    expect(service.resumeWaiting(env.id)).toBe(1);
    const done = await service.waitForSettled(waiting.id);
    expect(done).toMatchObject({ state: 'available', items: [{ value: second?.uprn }] });
    expect(done.timeline.find((exchange) => exchange.method === 'POST')?.path).toBe(`/world/GB/spatial/addresses/${second?.uprn ?? ''}/catalog`);
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(1);
  });
});
