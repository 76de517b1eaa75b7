import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { authGet, collectionSchema, developerToken, pollResult } from './sandbox-support.ts';

// The sandbox sells from a postal address's and a spatial address's (UPRN) catalog as from a title's.
const catalogSchema = z.looseObject({
  '@id': z.string(),
  '@type': z.literal('Catalog'),
  member: z.array(z.looseObject({ price: z.object({ value: z.number(), currency: z.string() }), variable: z.object({ '@id': z.string() }) })),
});
const addressSchema = z.looseObject({ '@id': z.string(), uprn: z.string(), catalog: z.string(), titles: z.array(z.object({ titleNumber: z.string() })) });

let sandbox: RunningSandbox;
let token: string;
const addressPath = '/world/GB/addresses/8e05p%C2%B70';
const iri = (key: string): string => `${sandbox.baseUrl}/vars/${key}`;
const uprnVariable = (): string => iri('WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number');
const bedrooms = (): string => iri('WhenFresh/Property Insurance#Dwelling/Rooms/Bedrooms/Bedroom Count (1⋯6+)');

beforeAll(async () => {
  // Slow data takes one second: every purchase of it goes 303, 202, then 200.
  sandbox = await startSandbox({ pacing: { readySeconds: [1, 1], retryAfterSeconds: [0, 0], maxAgeSeconds: [0, 0] } });
  token = await developerToken(sandbox);
});
afterAll(async () => {
  await sandbox.close();
});

async function catalogAt(path: string): Promise<string[]> {
  const response = await authGet(sandbox, token, path);
  expect(response.status, path).toBe(200);
  const catalog = catalogSchema.parse(await response.json());
  expect(catalog['@id']).toBe(`${sandbox.baseUrl}${path}`);
  return catalog.member.map((member) => member.variable['@id']);
}

function post(path: string, variables: readonly string[]): Promise<Response> {
  return fetch(`${sandbox.baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/ld+json', Accept: 'application/ld+json', Prefer: 'respond-async' },
    body: JSON.stringify({ '@context': `${sandbox.baseUrl}/.hydra/context.jsonld`, '@type': 'PurchaseVariableAction', variables }),
  });
}

async function address(): Promise<z.infer<typeof addressSchema>> {
  return addressSchema.parse(await (await authGet(sandbox, token, addressPath)).json());
}

describe('address and UPRN catalogs', () => {
  it('links each postal address to its own catalog, which resolves, from the postcode list too', async () => {
    const list = z.object({ member: z.array(z.object({ '@id': z.string(), catalog: z.string() })) }).parse(await (await authGet(sandbox, token, '/world/GB/addresses?postcode=LS23%206TR')).json());
    expect(list.member.length).toBeGreaterThan(0);
    for (const member of list.member.slice(0, 3)) {
      expect(member.catalog).toBe(`${member['@id']}/catalog`);
      expect((await catalogAt(new URL(member.catalog).pathname)).length).toBeGreaterThan(0);
    }
  });

  it('sells an address what is about the dwelling and a UPRN what is about the place, not the title\'s register', async () => {
    const atAddress = await catalogAt(`${addressPath}/catalog`);
    expect(atAddress).toContain(bedrooms());
    expect(atAddress).toContain(iri('EPC/Domestic Certificates#Energy/Rating/Current/Current Energy Rating'));
    expect(atAddress).toContain(iri('Royal Mail/Postcode Address File#Royal Mail/Postal/Delivery Point/Delivery Point Type'));
    expect(atAddress).not.toContain(iri('HM Land Registry/Price Paid#Land Registry/Register/Title/Tenure'));
    const { uprn } = await address();
    const atUprn = await catalogAt(`/world/GB/spatial/addresses/${uprn}/catalog`);
    expect(atUprn).toContain(uprnVariable());
    expect(atUprn).toContain(iri('Ordnance Survey/Topography#Ordnance Survey/Spatial/Location/Elevation (m)'));
    expect(atUprn).not.toContain(bedrooms());
  });

  it('sells from an address\'s catalog asynchronously: 303, then 202, then 200 with its values', async () => {
    const { uprn } = await address();
    const posted = await post(`${addressPath}/catalog`, [uprnVariable(), bedrooms()]);
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location') ?? '';
    expect(location).toMatch(/^\/purchases\//);
    const { final, pending } = await pollResult(sandbox, token, location);
    expect(pending).toBeGreaterThan(0);
    expect(final.status).toBe(200);
    const result = collectionSchema(sandbox).parse(await final.json());
    expect(result.member.map((member) => member.variable['@id'])).toEqual([uprnVariable(), bedrooms()]);
    expect(result.member[0]?.value).toBe(uprn);
  });

  it('sells from a UPRN\'s catalog the same way, the UPRN\'s own value included', async () => {
    const { uprn } = await address();
    const posted = await post(`/world/GB/spatial/addresses/${uprn}/catalog`, [uprnVariable()]);
    expect(posted.status).toBe(303);
    const { final, pending } = await pollResult(sandbox, token, posted.headers.get('location') ?? '');
    expect(pending).toBeGreaterThan(0);
    expect(final.status).toBe(200);
    expect(collectionSchema(sandbox).parse(await final.json()).member[0]?.value).toBe(uprn);
  });

  it('answers 404 for an unknown or malformed address key or UPRN, and 422 for a variable the catalog does not sell', async () => {
    for (const path of ['/world/GB/addresses/1%C2%B71/catalog', '/world/GB/addresses/8e05p/catalog', '/world/GB/spatial/addresses/1/catalog', '/world/GB/spatial/addresses/0123/catalog']) {
      expect((await authGet(sandbox, token, path)).status, path).toBe(404);
      expect((await post(path, [uprnVariable()])).status, path).toBe(404);
    }
    const refused = await post(`${addressPath}/catalog`, [iri('HM Land Registry/Price Paid#Land Registry/Register/Title/Tenure')]);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Address 8e05p·0 offers no variable');
    expect((await authGet(sandbox, null, `${addressPath}/catalog`)).status).toBe(401);
  });
});
