import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { providerKeys } from '../../../electron/sandbox/provider/keys.ts';

const findItemSchema = z.strictObject({ Id: z.string(), Type: z.string(), Text: z.string(), Highlight: z.string(), Description: z.string() });
const errorItemSchema = z.strictObject({ Error: z.string(), Description: z.string(), Cause: z.string(), Resolution: z.string() });
const recordSchema = z.looseObject({
  Id: z.string(),
  Label: z.string(),
  PostalCode: z.string(),
  City: z.string(),
  CountryIsoNumber: z.literal(826),
  Field1: z.string(),
  Field2: z.string(),
  Field3: z.string(),
  Field20: z.string(),
});

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

async function getJson(address: string, params: Record<string, string>): Promise<unknown> {
  const url = new URL(address);
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return response.json();
}

async function find(params: Record<string, string>, running = sandbox): Promise<z.infer<typeof findItemSchema>[]> {
  const { findUrl, key } = running.config.addressProvider;
  return z.object({ Items: z.array(findItemSchema) }).parse(await getJson(findUrl, { Key: key, ...params })).Items;
}

async function retrieve(params: Record<string, string>): Promise<z.infer<typeof recordSchema>> {
  const body = await getJson(sandbox.config.addressProvider.retrieveUrl, params);
  return z.object({ Items: z.tuple([recordSchema]) }).parse(body).Items[0];
}

async function providerError(address: string, params: Record<string, string>): Promise<z.infer<typeof errorItemSchema>> {
  return z.object({ Items: z.tuple([errorItemSchema]) }).parse(await getJson(address, params)).Items[0];
}

describe('sandbox address provider over HTTP', () => {
  it('publishes sample queries that all find something', async () => {
    const { sampleQueries } = sandbox.config.addressProvider;
    expect(sampleQueries.length).toBeGreaterThan(1);
    for (const text of sampleQueries) expect((await find({ Text: text })).length, text).toBeGreaterThan(0);
  });

  it('finds a partial postcode as postcode containers with highlights', async () => {
    const items = await find({ Text: 'LS23 6T' });
    expect(items[0]).toMatchObject({ Id: 'GB|RM|ENG|6TR-LS23', Type: 'Postcode', Text: 'LS23 6TR', Highlight: '0-4,5-7;' });
    expect(items[0]?.Description).toMatch(/, Boston Spa, Wetherby - \d+ Addresses$/);
  });

  it('finds a street and highlights the typed word prefixes', async () => {
    const street = sandbox.config.addressProvider.sampleQueries[1] ?? '';
    const [first = '', second = ''] = street.split(' ');
    const items = await find({ Text: `${first.toUpperCase()} ${second.slice(0, 3).toLowerCase()}` });
    expect(items[0]).toMatchObject({ Type: 'Street', Text: street, Highlight: `0-${first.length},${first.length + 1}-${first.length + 4};` });
  });

  it('drills from a postcode into its block of flats, then retrieves a flat with UDPRN and UMRRN', async () => {
    const { multiResidencyAddressId, key } = sandbox.config.addressProvider;
    const [postcode] = await find({ Text: 'LS23 6TR' });
    const members = await find({ Container: postcode?.Id ?? '', Limit: '100' });
    const building = members.find((item) => item.Type === 'Building');
    expect(building?.Description).toMatch(/^Boston Spa, Wetherby, LS23 6TR - \d+ Addresses$/);
    const flats = await find({ Container: building?.Id ?? '', Limit: '100' });
    expect(flats.every((item) => item.Type === 'Address' && item.Text.startsWith('Flat '))).toBe(true);
    expect(flats.map((item) => item.Id)).toContain(multiResidencyAddressId);
    expect(building?.Description).toContain(`- ${flats.length} Addresses`);

    const [, , , udprn, umrrn] = multiResidencyAddressId.split('|');
    const record = await retrieve({ Key: key, Id: multiResidencyAddressId, Field1Format: '{UDPRN}', Field2Format: '{UMRRN}' });
    expect(record).toMatchObject({ Id: multiResidencyAddressId, Field1: udprn, Field2: umrrn, Field3: '', Field20: '' });
    expect(record.Label.split('\n')).toEqual(expect.arrayContaining(['WETHERBY', 'LS23 6TR', 'UNITED KINGDOM']));
    expect(record.Label.split('\n')[0]).toMatch(/^Flat \d+$/);
  });

  it('withholds the UMRRN from the key without multi-residency', async () => {
    const { multiResidencyAddressId, keyWithoutMultiResidency } = sandbox.config.addressProvider;
    const record = await retrieve({ Key: keyWithoutMultiResidency, ID: multiResidencyAddressId, Field1Format: '{UDPRN}', Field2Format: '{UMRRN}' });
    expect(record.Field1).toBe(multiResidencyAddressId.split('|')[3]);
    expect(record.Field2).toBe('');
  });

  it('fills plain field formats', async () => {
    const { multiResidencyAddressId, key } = sandbox.config.addressProvider;
    const record = await retrieve({ Key: key, Id: multiResidencyAddressId, Field1Format: '{PostalCode}', Field2Format: '{City}', Field3Format: '{Unknown}' });
    expect(record).toMatchObject({ Field1: 'LS23 6TR', Field2: 'Wetherby', Field3: '' });
  });

  it('answers errors as Loqate error items with HTTP 200', async () => {
    const { findUrl, retrieveUrl, key, multiResidencyAddressId } = sandbox.config.addressProvider;
    expect(await providerError(findUrl, { Key: 'AB12-CD34-EF56-GH78', Text: 'LS23' })).toMatchObject({ Error: '2', Description: 'Unknown key' });
    // The expired key is not in the published config: nobody should configure it but a test.
    const expired = await providerError(retrieveUrl, { Key: providerKeys.expiredKey, Id: multiResidencyAddressId });
    expect(expired).toMatchObject({ Error: '16', Description: 'Key expired' });
    expect(await providerError(findUrl, { Key: key })).toMatchObject({ Error: '18' });
    expect(await providerError(retrieveUrl, { Key: key })).toMatchObject({ Error: '18' });
    expect(await providerError(retrieveUrl, { Key: key, Id: 'GB|RM|A|99999999' })).toMatchObject({ Error: '1001', Description: 'Id Invalid' });
  });

  it('gives json3 an Items wrapper and json a bare array', async () => {
    const { findUrl, key } = sandbox.config.addressProvider;
    const wrapped = await find({ Text: 'LS23 6' });
    const bare = z.array(findItemSchema).parse(await getJson(findUrl.replace('json3.ws', 'json.ws'), { Key: key, Text: 'LS23 6' }));
    expect(bare).toEqual(wrapped);
    const longVersion = await getJson(findUrl.replace('/v1.1/', '/v1.10/'), { Key: key, Text: 'LS23 6' });
    expect(longVersion).toEqual({ Items: wrapped });
  });

  it('serves the same data from another sandbox with the same seed, different data with another', async () => {
    const twin = await startSandbox({ port: 0 });
    const other = await startSandbox({ port: 0, seed: 99 });
    try {
      expect(twin.config.addressProvider.sampleQueries).toEqual(sandbox.config.addressProvider.sampleQueries);
      expect(twin.config.addressProvider.multiResidencyAddressId).toBe(sandbox.config.addressProvider.multiResidencyAddressId);
      for (const text of ['LS23 6', 'flat 1', ...sandbox.config.addressProvider.sampleQueries]) {
        expect(await find({ Text: text }, twin)).toEqual(await find({ Text: text }));
      }
      expect(await find({ Text: 'flat 1' }, other)).not.toEqual(await find({ Text: 'flat 1' }));
    } finally {
      await Promise.all([twin.close(), other.close()]);
    }
  });
});
