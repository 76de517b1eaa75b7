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
const samples = providerSamples(world);
const retrievePath = '/Capture/Interactive/Retrieve/v1.2/json3.ws';

const stringFields = [
  'Id', 'DomesticId', 'Language', 'LanguageAlternatives', 'Department', 'Company', 'SubBuilding', 'BuildingNumber',
  'BuildingName', 'SecondaryStreet', 'Street', 'Block', 'Neighbourhood', 'District', 'City', 'Line1', 'Line2', 'Line3',
  'Line4', 'Line5', 'AdminAreaName', 'AdminAreaCode', 'Province', 'ProvinceName', 'ProvinceCode', 'PostalCode',
  'CountryName', 'CountryIso2', 'CountryIso3', 'SortingNumber1', 'SortingNumber2', 'Barcode', 'POBoxNumber', 'Label',
  'Type', 'DataLevel', ...Array.from({ length: 20 }, (_unused, n) => `Field${n + 1}`),
] as const;

// Strict: every field the seed lists, nothing else, all strings except CountryIsoNumber.
const recordSchema = z.strictObject({
  ...Object.fromEntries(stringFields.map((name) => [name, z.string()])),
  CountryIsoNumber: z.literal(826),
});
const errorSchema = z.strictObject({ Error: z.string(), Description: z.string(), Cause: z.string(), Resolution: z.string() });

function retrieveBody(params: Record<string, string>, path = retrievePath): unknown {
  const url = new URL(`http://127.0.0.1${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
  const response = handleProviderRequest(url, world);
  expect(response?.status).toBe(200);
  return response?.body;
}

function retrieve(params: Record<string, string>): Record<string, unknown> {
  return z.object({ Items: z.tuple([recordSchema]) }).parse(retrieveBody(params)).Items[0];
}

function retrieveError(params: Record<string, string>): z.infer<typeof errorSchema> {
  return z.object({ Items: z.tuple([errorSchema]) }).parse(retrieveBody(params)).Items[0];
}

const flat = required(world.addresses.find((address) => address.umrrn > 0));
const house = required(world.addresses[0]);
const idFormats = { Field1Format: '{UDPRN}', Field2Format: '{UMRRN}' };

describe('provider Retrieve', () => {
  it('gives a flat its UDPRN and UMRRN in Field1 and Field2, and a multi-line Label', () => {
    expect(samples.multiResidencyAddressId).toBe(`GB|RM|A|${flat.udprn}|${flat.umrrn}`);
    const record = retrieve({ Key: providerKeys.key, Id: samples.multiResidencyAddressId, ...idFormats });
    expect(record).toMatchObject({
      Id: samples.multiResidencyAddressId,
      DomesticId: String(flat.udprn),
      SubBuilding: flat.subBuilding,
      BuildingName: flat.buildingName,
      BuildingNumber: flat.buildingNumber,
      Street: flat.street,
      City: 'Wetherby',
      PostalCode: flat.postcode,
      CountryIso2: 'GB',
      Field1: String(flat.udprn),
      Field2: String(flat.umrrn),
    });
    expect(record['Label']).toBe(
      `${flat.subBuilding}\n${flat.buildingName}\n${flat.buildingNumber} ${flat.street}\nBoston Spa\nWETHERBY\n${flat.postcode}\nUNITED KINGDOM`,
    );
    for (let n = 3; n <= 20; n++) expect(record[`Field${n}`]).toBe('');
  });

  it('withholds the UMRRN from a key without the multi-residency option', () => {
    const record = retrieve({ Key: providerKeys.keyWithoutMultiResidency, Id: samples.multiResidencyAddressId, ...idFormats });
    expect(record['Field1']).toBe(String(flat.udprn));
    expect(record['Field2']).toBe('');
  });

  it('gives a house an empty UMRRN: it has no multi-residence record', () => {
    const record = retrieve({ Key: providerKeys.key, Id: `GB|RM|A|${house.udprn}`, ...idFormats });
    expect(record).toMatchObject({ Field1: '14090317', Field2: '', SubBuilding: '', Line1: `1 ${house.street}` });
  });

  it('fills plain field formats and leaves unknown ones empty', () => {
    const record = retrieve({
      key: providerKeys.key,
      ID: samples.multiResidencyAddressId,
      Field1Format: '{PostalCode}',
      field2format: '{City}',
      Field3Format: '{BuildingNumber} {Street}',
      Field4Format: '{NoSuchField}',
      Field5Format: '{Field1}',
      Field20Format: 'udprn={udprn}',
    });
    expect(record).toMatchObject({
      Field1: flat.postcode,
      Field2: 'Wetherby',
      Field3: `${flat.buildingNumber} ${flat.street}`,
      Field4: '',
      Field5: '',
      Field20: `udprn=${flat.udprn}`,
    });
  });

  it('answers the v1.20 path and the bare json shape alike', () => {
    const params = { Key: providerKeys.key, Id: samples.multiResidencyAddressId, ...idFormats };
    const bare = z.tuple([recordSchema]).parse(retrieveBody(params, '/Capture/Interactive/Retrieve/v1.20/json.ws'));
    expect(bare[0]).toEqual(retrieve(params));
  });

  it('reports key errors, a missing Id, an unknown Id and a container Id', () => {
    const id = samples.multiResidencyAddressId;
    expect(retrieveError({ Key: 'ZZ99-ZZ99-ZZ99-ZZ99', Id: id })).toMatchObject({ Error: '2', Description: 'Unknown key' });
    expect(retrieveError({ Key: providerKeys.expiredKey, Id: id })).toMatchObject({ Error: '16', Description: 'Key expired' });
    expect(retrieveError({ Key: providerKeys.key })).toMatchObject({ Error: '18', Cause: 'The Id parameter was not supplied.' });
    expect(retrieveError({ Key: providerKeys.key, Id: 'GB|RM|A|1' })).toMatchObject({ Error: '1001', Description: 'Id Invalid' });
    expect(retrieveError({ Key: providerKeys.key, Id: `GB|RM|A|${flat.udprn}` })).toMatchObject({ Error: '1001' });
    const container = retrieveError({ Key: providerKeys.key, Id: `GB|RM|B|${flat.udprn}` });
    expect(container).toMatchObject({ Error: '1001' });
    expect(container.Cause).toMatch(/container/);
  });
});
