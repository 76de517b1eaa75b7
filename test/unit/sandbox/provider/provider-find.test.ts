import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { providerKeys, providerSamples } from '../../../../electron/sandbox/provider/keys.ts';
import { handleProviderRequest } from '../../../../electron/sandbox/provider/provider-routes.ts';
import { buildWorld } from '../../../../electron/sandbox/world/build-world.ts';

const world = buildWorld();

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('The sandbox world lacks what this test needs');
  return value;
}
const findPath = '/Capture/Interactive/Find/v1.1/json3.ws';
const findItemSchema = z.strictObject({ Id: z.string(), Type: z.string(), Text: z.string(), Highlight: z.string(), Description: z.string() });
const errorItemSchema = z.strictObject({ Error: z.string(), Description: z.string(), Cause: z.string(), Resolution: z.string() });

function request(path: string, params: Record<string, string>, sourceWorld = world): unknown {
  const url = new URL(`http://127.0.0.1${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
  const response = handleProviderRequest(url, sourceWorld);
  expect(response?.status).toBe(200);
  return response?.body;
}

function find(params: Record<string, string>, sourceWorld = world): z.infer<typeof findItemSchema>[] {
  return z.object({ Items: z.array(findItemSchema) }).parse(request(findPath, { Key: providerKeys.key, ...params }, sourceWorld)).Items;
}

function findError(params: Record<string, string>): z.infer<typeof errorItemSchema> {
  const body = z.object({ Items: z.tuple([errorItemSchema]) }).parse(request(findPath, params));
  return body.Items[0];
}

const flat = required(world.addresses.find((address) => address.umrrn > 0));
const flatsOfBlock = world.addresses.filter((address) => address.udprn === flat.udprn);
const inPostcode = world.addresses.filter((address) => address.postcode === flat.postcode);

describe('provider Find: partial postcodes', () => {
  it('lists postcode containers in order, highlighting the typed characters', () => {
    const items = find({ Text: 'LS23 6' });
    const expected = world.postcodes.filter((postcode) => postcode.startsWith('LS23 6')).sort();
    expect(items.map((item) => item.Text)).toEqual(expected);
    for (const item of items) {
      expect(item.Type).toBe('Postcode');
      expect(item.Highlight).toBe('0-4,5-6;');
      const count = world.addresses.filter((address) => address.postcode === item.Text).length;
      expect(item.Description).toMatch(new RegExp(`^[A-Za-z ]+, Boston Spa, Wetherby - ${count} Addresses$`));
    }
  });

  it('accepts a postcode typed without its space', () => {
    const items = find({ Text: 'ls236tr' });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ Id: 'GB|RM|ENG|6TR-LS23', Type: 'Postcode', Text: 'LS23 6TR', Highlight: '0-4,5-8;' });
  });
});

describe('provider Find: free text', () => {
  it('answers a street with its Street container and word-prefix highlights', () => {
    const [first = '', second = ''] = flat.street.split(' ');
    const items = find({ Text: `${first.toLowerCase()} ${second.slice(0, 2)}` });
    const count = world.addresses.filter((address) => address.street === flat.street && address.city === flat.city).length;
    expect(items[0]).toMatchObject({
      Type: 'Street',
      Text: flat.street,
      Highlight: `0-${first.length},${first.length + 1}-${first.length + 3};`,
      Description: `Boston Spa, Wetherby - ${count} Addresses`,
    });
    expect(items.every((item) => item.Type === 'Street')).toBe(true);
  });

  it('finds a house by number and street, the exact number first', () => {
    const house = required(inPostcode.find((address) => address.umrrn === 0 && address.buildingNumber !== ''));
    const items = find({ Text: `${house.buildingNumber} ${house.street}` });
    expect(items[0]).toMatchObject({
      Id: `GB|RM|A|${house.udprn}`,
      Type: 'Address',
      Text: `${house.buildingNumber} ${house.street}`,
      Description: `Boston Spa, Wetherby, ${house.postcode}`,
    });
    const [first = '', second = ''] = house.street.split(' ');
    const numberLength = house.buildingNumber.length;
    const streetAt = numberLength + 1;
    expect(items[0]?.Highlight).toBe(`0-${numberLength},${streetAt}-${streetAt + first.length},${streetAt + first.length + 1}-${streetAt + first.length + 1 + second.length};`);
  });

  it('finds a block of flats by name as a Building container, and its flats by flat number', () => {
    const building = find({ Text: flat.buildingName });
    expect(building[0]).toMatchObject({
      Id: `GB|RM|B|${flat.udprn}`,
      Type: 'Building',
      Text: `${flat.buildingName}, ${flat.buildingNumber} ${flat.street}`,
      Description: `Boston Spa, Wetherby, ${flat.postcode} - ${flatsOfBlock.length} Addresses`,
    });
    const flats = find({ Text: `flat 2 ${flat.buildingName}`, Limit: '100' });
    expect(flats.length).toBeGreaterThan(0);
    for (const item of flats) expect(item.Text).toMatch(/^Flat 2, /);
    expect(flats.map((item) => item.Id)).toContain(`GB|RM|A|${flat.udprn}|${flatsOfBlock[1]?.umrrn}`);
  });

  it('applies the default limit of 10 and caps Limit at 100', () => {
    expect(find({ Text: 'flat' })).toHaveLength(10);
    expect(find({ Text: 'flat', Limit: '1000' })).toHaveLength(100);
    expect(find({ Text: 'flat', Limit: '3' })).toHaveLength(3);
  });

  it('answers nothing for countries it does not serve', () => {
    expect(find({ Text: 'LS23', Countries: 'FR' })).toEqual([]);
    expect(find({ Text: 'LS23', Countries: 'fr,GB' }).length).toBeGreaterThan(0);
    expect(find({ Text: 'zzzzqqq' })).toEqual([]);
  });
});

describe('provider Find: drill-down', () => {
  it('lists a postcode: houses as addresses, the block as a Building container', () => {
    const items = find({ Container: 'GB|RM|ENG|6TR-LS23', Text: 'LS23 6T', Limit: '100' });
    const houses = inPostcode.filter((address) => address.umrrn === 0);
    expect(items).toHaveLength(houses.length + 1);
    const building = items.find((item) => item.Type === 'Building');
    expect(building?.Id).toBe(`GB|RM|B|${flat.udprn}`);
    for (const item of items) expect(item.Highlight).toBe(';22-26,27-29');
    expect(items.filter((item) => item.Type === 'Address').map((item) => item.Id)).toEqual(houses.map((house) => `GB|RM|A|${house.udprn}`));
  });

  it('lists a building: every flat, with its UMRRN in the Id', () => {
    const items = find({ Container: `GB|RM|B|${flat.udprn}`, Limit: '100' });
    expect(items.map((item) => item.Id)).toEqual(flatsOfBlock.map((address) => `GB|RM|A|${address.udprn}|${address.umrrn}`));
    expect(items.map((item) => item.Text)).toEqual(flatsOfBlock.map((address) => `${address.subBuilding}, ${flat.buildingName}, ${flat.buildingNumber} ${flat.street}`));
    for (const item of items) expect(item).toMatchObject({ Type: 'Address', Highlight: ';' });
  });

  it('lists a street across its postcodes', () => {
    const street = find({ Text: flat.street })[0];
    const items = find({ Container: street?.Id ?? '', Limit: '100' });
    const onStreet = world.addresses.filter((address) => address.street === flat.street && address.city === flat.city);
    const blocks = new Set(onStreet.filter((address) => address.umrrn > 0).map((address) => address.udprn));
    expect(items).toHaveLength(onStreet.filter((address) => address.umrrn === 0).length + blocks.size);
  });

  it('rejects an unknown container', () => {
    expect(findError({ Key: providerKeys.key, Container: 'GB|RM|B|1' })).toMatchObject({ Error: '1002', Description: 'Container Invalid' });
  });
});

describe('provider Find: errors, shapes and determinism', () => {
  it('reports unknown, missing and expired keys as Loqate does', () => {
    expect(findError({ Key: 'AA11-AA11-AA11-AA11', Text: 'LS23' })).toMatchObject({ Error: '2', Description: 'Unknown key' });
    expect(findError({ Text: 'LS23' })).toMatchObject({ Error: '2' });
    expect(findError({ Key: providerKeys.expiredKey, Text: 'LS23' })).toMatchObject({ Error: '16', Description: 'Key expired' });
  });

  it('reports missing or invalid parameters as error 18', () => {
    const invalid: Record<string, string>[] = [
      {}, { Text: '  ' }, { Text: 'LS23', Limit: 'ten' }, { Text: 'LS23', Limit: '0' }, { Text: 'LS23', Countries: 'G1' }, { Text: 'LS23', IsMiddleware: 'maybe' },
    ];
    for (const params of invalid) {
      expect(findError({ Key: providerKeys.key, ...params })).toMatchObject({ Error: '18', Description: 'Missing or invalid parameters' });
    }
    const url = new URL(`http://127.0.0.1${findPath}?Key=${providerKeys.key}&Text=a&text=b`);
    expect(handleProviderRequest(url, world)?.body).toMatchObject({ Items: [{ Error: '18' }] });
  });

  it('gives a bare array on json.ws and on the v1.10 path', () => {
    const bare = z.array(findItemSchema).parse(request('/Capture/Interactive/Find/v1.10/json.ws', { key: providerKeys.key, text: 'LS23 6' }));
    expect(bare).toEqual(find({ Text: 'LS23 6' }));
    expect(request('/Capture/Interactive/Find/v1.1/json.ws', { Key: 'nope', Text: 'x' })).toMatchObject([{ Error: '2' }]);
  });

  it('leaves other paths to the server', () => {
    for (const path of ['/Capture/Interactive/Find/v1.2/json3.ws', '/Capture/Interactive/Retrieve/v1.1/json3.ws', '/Capture/Interactive/Find/v1.1/xml.ws', '/world/GB/addresses']) {
      expect(handleProviderRequest(new URL(`http://127.0.0.1${path}?Key=${providerKeys.key}&Text=a`), world)).toBeUndefined();
    }
  });

  it('answers identically for the same seed', () => {
    const again = buildWorld();
    for (const text of ['LS23 6', flat.street, 'flat 1', '2 ']) expect(find({ Text: text }, again)).toEqual(find({ Text: text }));
    expect(providerSamples(again)).toEqual(providerSamples(world));
  });
});
