import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { authGet, collectionSchema, developerToken, purchase } from './sandbox-support.ts';

const postalAddressSchema = z.strictObject({
  '@context': z.string(),
  '@id': z.string(),
  '@type': z.literal('PostalAddress'),
  label: z.string().min(1),
  uprn: z.string().regex(/^[0-9]+$/),
  udprn: z.string().regex(/^[0-9]+$/),
  umrrn: z.string().regex(/^[0-9]+$/),
  catalog: z.string().optional(),
  titles: z.array(z.strictObject({ titleNumber: z.string(), tenure: z.enum(['Freehold', 'Leasehold']), catalog: z.string() })),
});

const postcodeListSchema = z.strictObject({
  '@context': z.string(),
  '@id': z.string(),
  '@type': z.literal('hydra:Collection'),
  manages: z.strictObject({ property: z.literal('rdf:type'), object: z.literal('PostalAddress') }),
  member: z.array(z.strictObject({ '@id': z.string(), '@type': z.literal('PostalAddress'), label: z.string(), catalog: z.string().optional() })),
  totalItems: z.int(),
});

let sandbox: RunningSandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ pacing: { readySeconds: [0, 0] } });
  token = await developerToken(sandbox);
});
afterAll(async () => {
  await sandbox.close();
});

async function listPostcode(postcode: string): Promise<z.infer<typeof postcodeListSchema>> {
  const response = await authGet(sandbox, token, `/world/GB/addresses?postcode=${encodeURIComponent(postcode)}`);
  expect(response.status).toBe(200);
  return postcodeListSchema.parse(await response.json());
}

async function getAddress(url: string): Promise<z.infer<typeof postalAddressSchema>> {
  const response = await authGet(sandbox, token, new URL(url).pathname);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/ld\+json/);
  return postalAddressSchema.parse(await response.json());
}

describe('addresses', () => {
  it('lists a postcode as a hydra:Collection of PostalAddress, however the postcode is written', async () => {
    const list = await listPostcode('LS23 6TR');
    expect(list.totalItems).toBe(list.member.length);
    expect(list.totalItems).toBeGreaterThan(5);
    expect(list.member.every((member) => member.label.endsWith('LS23 6TR'))).toBe(true);
    expect((await listPostcode('ls236tr')).member).toEqual(list.member);
  });

  it('serves the docs example 8e05p·0 (UDPRN 14090317, UMRRN 0) with its titles', async () => {
    const address = await getAddress(`${sandbox.baseUrl}/world/GB/addresses/8e05p%C2%B70`);
    expect(address).toMatchObject({ udprn: '14090317', umrrn: '0' });
    expect(address['@id']).toBe(`${sandbox.baseUrl}/world/GB/addresses/8e05p%C2%B70`);
    expect(address.titles.length).toBeGreaterThan(0);
  });

  it('gives a flat its own leasehold title and its building a freehold one', async () => {
    const list = await listPostcode('LS23 6TR');
    const addresses = await Promise.all(list.member.map((member) => getAddress(member['@id'])));
    const flat = addresses.find((address) => address.umrrn !== '0');
    expect(flat).toBeDefined();
    expect(flat?.titles.map((title) => title.tenure).sort()).toEqual(['Freehold', 'Leasehold']);
    const freehold = flat?.titles.find((title) => title.tenure === 'Freehold')?.titleNumber;
    const sharing = addresses.filter((address) => address.titles.some((title) => title.titleNumber === freehold));
    expect(sharing.length).toBeGreaterThan(1);
    // The address's own catalog, as the service links it; its titles link theirs.
    expect(flat?.catalog).toBe(`${flat?.['@id'] ?? ''}/catalog`);
  });

  it('sells the UPRN of the address a title belongs to', async () => {
    const address = await getAddress(`${sandbox.baseUrl}/world/GB/addresses/8e05p%C2%B70`);
    const [title] = address.titles;
    const uprnVariable = `${sandbox.baseUrl}/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number`;
    const response = await purchase(sandbox, token, title?.titleNumber ?? '', [uprnVariable]);
    expect(response.status).toBe(200);
    expect(collectionSchema(sandbox).parse(await response.json()).member[0]?.value).toBe(address.uprn);
    expect(title?.catalog).toBe(`${sandbox.baseUrl}/world/GB-eaw/titles/${title?.titleNumber ?? ''}/catalog`);
  });

  it('answers 404 for an unknown key, 400 for a malformed key or postcode, 401 without a token', async () => {
    expect((await authGet(sandbox, token, '/world/GB/addresses/1%C2%B71')).status).toBe(404);
    for (const bad of ['8e05p', '8E05P%C2%B70', '8e05p%C2%B7-1', '%E0%A4%A', '8e05p.0']) {
      expect((await authGet(sandbox, token, `/world/GB/addresses/${bad}`)).status, bad).toBe(400);
    }
    expect((await authGet(sandbox, token, '/world/GB/addresses')).status).toBe(400);
    expect((await authGet(sandbox, token, '/world/GB/addresses?postcode=nonsense')).status).toBe(400);
    expect((await listPostcode('ZZ1 1ZZ')).totalItems).toBe(0);
    expect((await authGet(sandbox, null, '/world/GB/addresses/8e05p%C2%B70')).status).toBe(401);
  });
});
