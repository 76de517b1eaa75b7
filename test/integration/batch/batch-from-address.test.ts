import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAddressKey } from '../../../shared/property/address-key.ts';
import { buildWorld } from '../../../electron/sandbox/world/build-world.ts';
import { regentFlat } from '../fixtures/batch-file.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

// A batch whose address rows buy from each address's own catalog, or its UPRN's, instead of its titles.
let test: TestCore;
let variable: string;
const world = buildWorld();
const [first, second] = world.addresses.filter((address) => address.titles.length > 0).slice(40, 42);
const posts = (): number => test.started.sandbox?.stats().purchase ?? Number.NaN;

beforeAll(async () => {
  test = await startTestCore({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [0, 1] } });
  variable = `${test.started.sandbox?.baseUrl ?? ''}/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number`;
}, 30_000);

afterAll(async () => {
  await test.close();
});

function csv(): string {
  if (first === undefined || second === undefined) throw new Error('the sandbox world has too few addresses');
  const title = first.titles[0]?.titleNumber ?? '';
  // Two address rows, the first repeated, and a title row, which buys from its title whatever the batch buys from.
  return `udprn,umrrn,title_number\n${String(first.udprn)},${String(first.umrrn)},\n${String(second.udprn)},${String(second.umrrn)},\n${String(first.udprn)},${String(first.umrrn)},\n,,${title}\n`;
}

describe('a batch bought from addresses\' or UPRNs\' catalogs', () => {
  it('buys each address row from its own catalog and records the address on its purchase', async () => {
    const { batches, purchases } = test.started.core;
    const plan = await batches.plan({ environmentId: 'sandbox', source: 'a.csv', csv: csv(), variables: [variable], tenure: 'all', from: 'address', reuseDays: 30, concurrency: 2 });
    expect(plan.spec.from).toBe('address');
    const key = formatAddressKey(first?.udprn ?? 0, first?.umrrn ?? 0);
    expect(plan.items.map((item) => [item.state, item.resource?.key ?? item.titleNumber])).toEqual([
      ['queued', key],
      ['queued', formatAddressKey(second?.udprn ?? 0, second?.umrrn ?? 0)],
      ['refused', key],
      ['queued', first?.titles[0]?.titleNumber],
    ]);
    expect(plan.items[2]?.reason).toBe(`Duplicate: address ${key} is already in row 1.`);
    const before = posts();
    const created = batches.create(plan);
    await batches.start(created.id);
    expect(batches.summary(created.id)).toMatchObject({ state: 'done', counts: { available: 3 } });
    expect(posts() - before).toBe(3);
    const [line] = batches.items(created.id);
    const record = purchases.get(line?.purchaseLocalId ?? '');
    expect(record).toMatchObject({ state: 'available', resource: { kind: 'address', key }, items: [{ value: first?.uprn }] });
    expect(record?.timeline[0]?.path).toBe(`/world/GB/addresses/${encodeURIComponent(key)}/catalog`);
    expect(batches.document(created.id).rows[0]).toMatchObject({ resource: { kind: 'address', key } });
  }, 60_000);

  it('buys from each address\'s UPRN catalog with from uprn, and reuses nothing bought from the address\'s', async () => {
    const { batches } = test.started.core;
    const plan = await batches.plan({ environmentId: 'sandbox', source: 'u.csv', csv: csv(), variables: [variable], tenure: 'all', from: 'uprn', reuseDays: 30, concurrency: 2 });
    expect(plan.items[0]).toMatchObject({ state: 'queued', resource: { kind: 'spatial', key: first?.uprn }, reused: {} });
    // The title row bought above is reused: same title, same variable.
    expect(plan.items[3]).toMatchObject({ state: 'reused' });
  }, 60_000);

  it('buys from titles by default, as before', async () => {
    const plan = await test.started.core.batches.plan({ environmentId: 'sandbox', source: 't.csv', csv: csv(), variables: [variable], tenure: 'all', reuseDays: 30, concurrency: 2 });
    expect(plan.spec.from).toBeUndefined();
    expect(plan.items.every((item) => item.resource === undefined)).toBe(true);
    expect(plan.items[0]?.titleNumber).toBe(first?.titles[0]?.titleNumber);
  }, 60_000);

  it('finds the address of a postcode and building row, or of an address typed as the app shows it, then its own or its UPRN\'s catalog', async () => {
    const house = world.addresses.find((candidate) => candidate.postcode === 'LS23 6TR' && candidate.buildingNumber === '1' && candidate.subBuilding === '' && candidate.buildingName === '');
    const flat = world.addresses.find((candidate) => candidate.subBuilding === 'Flat 1' && candidate.buildingName === 'Regent Mansions');
    if (house === undefined || flat === undefined) throw new Error('The sandbox world changed');
    const rows = ['postcode,building,address', 'LS23 6TR,1 Tannery Crescent,', `,,"${regentFlat().text}"`].join('\n');
    const planned = (from: 'address' | 'uprn') => test.started.core.batches.plan({ environmentId: 'sandbox', source: 'p.csv', csv: rows, variables: [variable], tenure: 'all', from, reuseDays: 30, concurrency: 2 });
    expect((await planned('address')).items.map((item) => item.resource)).toEqual([
      { kind: 'address', key: formatAddressKey(house.udprn, house.umrrn) },
      { kind: 'address', key: formatAddressKey(flat.udprn, flat.umrrn) },
    ]);
    expect((await planned('uprn')).items.map((item) => item.resource)).toEqual([{ kind: 'spatial', key: house.uprn }, { kind: 'spatial', key: flat.uprn }]);
  }, 60_000);
});
