import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookUpServiceAddress } from '../../../electron/core/address/service-address.ts';
import { purchaseEnvironment } from '../../../electron/core/env/purchase-environment.ts';
import { propertyReport } from '../../../electron/core/report/property-report.ts';
import { guardedCreate, type GuardedPurchaseDeps } from '../../../electron/core/spending/guarded-purchase.ts';
import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import { defaultPurchasingSettings } from '../../../shared/money/spending.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

// A whole purchase from a postal address's and a UPRN's catalog, through the core as the app and the CLI use it.
let test: TestCore;
let uprn: string;
let titleNumber: string;
const addressKey = '8e05p·0';
const address: CatalogResource = { kind: 'address', key: addressKey };
const posts = (): number => test.started.sandbox?.stats().purchase ?? Number.NaN;
const uprnVariable = (): string => `${test.started.sandbox?.baseUrl ?? ''}/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number`;

function deps(): GuardedPurchaseDeps {
  const { environments, purchases, spending } = test.started.core;
  return { purchases, guard: spending, environment: purchaseEnvironment(environments, 'sandbox'), session: environments.session('sandbox'), reuseDays: 30, now: Date.now };
}

beforeAll(async () => {
  test = await startTestCore({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [2, 2] } });
  const found = await lookUpServiceAddress(test.started.core.environments.session('sandbox').client, addressKey);
  uprn = found.uprn ?? '';
  titleNumber = found.titles[0]?.titleNumber ?? '';
  expect(uprn).toMatch(/^\d+$/);
}, 30_000);

afterAll(async () => {
  await test.close();
});

describe('a purchase from an address\'s or a UPRN\'s catalog', () => {
  it('goes to the address\'s catalog, key percent-encoded, through 303, 202 and 200, and records the address', async () => {
    const { purchases, spending } = test.started.core;
    // The same variable bought from the address's title first: it does not stand in for the address's.
    expect((await purchases.waitForSettled((await guardedCreate(deps(), titleNumber, [uprnVariable()], {})).id)).state).toBe('available');
    const sent = posts();
    const spent = (): number => spending.status('sandbox').spentToday.find((money) => money.currency === 'GBP')?.value ?? 0;
    const before = spent();
    const catalog = await test.started.core.environments.session('sandbox').catalog.catalogOf(address);
    expect(catalog.resource).toEqual(address);
    const price = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables)).find((variable) => variable.iri === uprnVariable())?.price.value;
    const created = await guardedCreate(deps(), address, [uprnVariable()], {});
    // The budget counts it at its catalog price from the moment it is sent.
    expect(spent()).toBeCloseTo(before + (price ?? Number.NaN), 6);
    const settled = await purchases.waitForSettled(created.id);
    expect(settled).toMatchObject({ state: 'available', resource: address });
    expect(settled.titleNumber).toBeUndefined();
    expect(settled.items?.[0]?.value).toBe(uprn);
    expect(posts()).toBe(sent + 1);
    const exchanges = settled.timeline.map((exchange) => `${exchange.method} ${exchange.path} ${String(exchange.status)}`);
    expect(exchanges[0]).toBe('POST /world/GB/addresses/8e05p%C2%B70/catalog 303');
    expect(exchanges.slice(1, -1).every((line) => /^GET \/purchases\/\S+ 202$/.test(line)) && exchanges.length > 2).toBe(true);
    expect(exchanges.at(-1)).toMatch(/^GET \/purchases\/\S+ 200$/);
    // History's text search finds it by its key, and a query by resource finds it alone, not the title's.
    expect(purchases.list({ text: '8e05p' }).map((record) => record.id)).toContain(created.id);
    expect(purchases.list({ resource: address }).map((record) => record.id)).toEqual([created.id]);
    expect(purchases.list({ resource: { kind: 'title', key: titleNumber } }).map((record) => record.id)).not.toContain(created.id);
  }, 30_000);

  it('goes to a UPRN\'s catalog and records the UPRN; History finds it by the UPRN', async () => {
    const { purchases } = test.started.core;
    const spatial: CatalogResource = { kind: 'spatial', key: uprn };
    const settled = await purchases.waitForSettled((await guardedCreate(deps(), spatial, [uprnVariable()], {})).id);
    expect(settled).toMatchObject({ state: 'available', resource: spatial, items: [{ value: uprn }] });
    expect(settled.timeline[0]).toMatchObject({ method: 'POST', path: `/world/GB/spatial/addresses/${uprn}/catalog`, status: 303 });
    expect(purchases.list({ text: uprn }).map((record) => record.id)).toContain(settled.id);
  }, 30_000);

  it('reuses what was bought from the same resource only', async () => {
    const { purchases } = test.started.core;
    const before = posts();
    // The address and the UPRN bought above hold it: no POST, their own earlier purchases come back.
    const again = await guardedCreate(deps(), address, [uprnVariable()], {});
    expect(again).toMatchObject({ state: 'available', resource: address });
    const spatialAgain = await guardedCreate(deps(), { kind: 'spatial', key: uprn }, [uprnVariable()], {});
    expect(spatialAgain).toMatchObject({ state: 'available', resource: { kind: 'spatial', key: uprn } });
    const titleAgain = await guardedCreate(deps(), titleNumber, [uprnVariable()], {});
    expect(titleAgain.titleNumber).toBe(titleNumber);
    expect(new Set([again.id, spatialAgain.id, titleAgain.id]).size).toBe(3);
    expect(posts()).toBe(before);
    expect(purchases.get(again.id)?.resource).toEqual(address);
  }, 30_000);

  it('reports what was bought from the address\'s and the UPRN\'s catalogs apart from its title\'s', () => {
    const { purchases } = test.started.core;
    const spatial = { kind: 'spatial' as const, key: uprn };
    const report = propertyReport(purchases, 'sandbox', { titles: [{ titleNumber }], resources: [{ kind: 'address', key: addressKey }, spatial] });
    const only = (resource: CatalogResource): number => purchases.list({ resource, status: 'available' }).length;
    expect(report.titles[0]?.purchaseCount).toBe(only({ kind: 'title', key: titleNumber }));
    expect(report.resources?.map((entry) => [entry.resource, entry.purchaseCount])).toEqual([[address, only(address)], [spatial, only(spatial)]]);
    expect(report.resources?.[0]?.rows.find((row) => row.variable === uprnVariable())?.latest.value).toBe(uprn);
    // Without resources named, the report reads as before.
    expect(propertyReport(purchases, 'sandbox', { titles: [{ titleNumber }] })).not.toHaveProperty('resources');
  });

  it('is refused by the day\'s budget like any purchase, sending nothing', async () => {
    const { environments, spending } = test.started.core;
    const spent = spending.status('sandbox').spentToday.find((money) => money.currency === 'GBP')?.value ?? 0;
    environments.setPurchasing({ ...defaultPurchasingSettings, spending: { sandbox: { confirmAbove: {}, daily: { GBP: spent + 0.001 }, monthly: {} } } });
    try {
      const before = posts();
      const bedrooms = `${test.started.sandbox?.baseUrl ?? ''}/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Bedrooms/Bedroom Count (1⋯6+)`;
      await expect(guardedCreate(deps(), address, [bedrooms], {})).rejects.toMatchObject({ code: 'budget_exceeded' });
      expect(posts()).toBe(before);
    } finally {
      environments.setPurchasing(defaultPurchasingSettings);
    }
  });

  it('refuses a malformed address key or UPRN before anything is journaled or sent', async () => {
    const before = posts();
    const count = test.started.core.purchases.list({}).length;
    for (const bad of [{ kind: 'address', key: '8e05p.0' }, { kind: 'spatial', key: '0123' }] as const) {
      await expect(guardedCreate(deps(), bad, [uprnVariable()], {})).rejects.toMatchObject({ code: 'validation' });
    }
    expect(posts()).toBe(before);
    expect(test.started.core.purchases.list({}).length).toBe(count);
  });
});
