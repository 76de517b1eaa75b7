import type { SandboxAddress } from '../world/types.ts';
import { idInvalidError } from './errors.ts';
import type { KeyGrant, Parsed } from './params.ts';
import type { AddressEntry, ProviderIndex } from './provider-index.ts';

export const fieldFormatCount = 20;

/** Every field of the seed's address record: strings, except CountryIsoNumber. */
export type RetrieveRecord = Readonly<Record<string, string | number>>;

function addressLines(address: SandboxAddress): string[] {
  const streetLine = address.buildingNumber === '' ? address.street : `${address.buildingNumber} ${address.street}`;
  const lines = [address.company, address.subBuilding, address.buildingName, streetLine, address.district].filter((line) => line !== '');
  return [...lines, '', '', '', '', ''].slice(0, 5);
}

/** Royal Mail's mailsort barcode: the postcode and a delivery point suffix derived from the UDPRN. */
function barcode(address: SandboxAddress): string {
  const suffix = `${(address.udprn % 9) + 1}${'ABDEFGHJLNPQRSTUWXYZ'.charAt(address.udprn % 20)}`;
  return `(${address.postcode.replace(' ', '')}${suffix})`;
}

function baseRecord(entry: AddressEntry): Record<string, string | number> {
  const { address } = entry;
  const lines = addressLines(address);
  const labelLines = [...lines.filter((line) => line !== ''), address.city.toUpperCase(), address.postcode, 'UNITED KINGDOM'];
  return {
    Id: entry.id, DomesticId: String(address.udprn), Language: 'ENG', LanguageAlternatives: 'ENG',
    Department: '', Company: address.company, SubBuilding: address.subBuilding,
    BuildingNumber: address.buildingNumber, BuildingName: address.buildingName, SecondaryStreet: '',
    Street: address.street, Block: '', Neighbourhood: '', District: address.district, City: address.city,
    Line1: lines[0] ?? '', Line2: lines[1] ?? '', Line3: lines[2] ?? '', Line4: lines[3] ?? '', Line5: lines[4] ?? '',
    AdminAreaName: address.adminArea, AdminAreaCode: '', Province: address.province,
    ProvinceName: address.province, ProvinceCode: '', PostalCode: address.postcode,
    CountryName: 'United Kingdom', CountryIso2: 'GB', CountryIso3: 'GBR', CountryIsoNumber: 826,
    SortingNumber1: '', SortingNumber2: '', Barcode: barcode(address), POBoxNumber: '',
    Label: labelLines.join('\n'), Type: 'Residential', DataLevel: 'Premise',
  };
}

/**
 * Fills a FieldNFormat template: `{UDPRN}`, `{UMRRN}` or any record field such as `{PostalCode}`;
 * unknown tokens give an empty string. The UMRRN is only released to keys with the
 * multi-residency option, and only a dwelling behind a shared delivery point has one.
 */
function formatField(template: string, record: RetrieveRecord, address: SandboxAddress, grant: KeyGrant): string {
  return template.replace(/\{([^{}]*)\}/g, (_whole, name: string) => {
    const folded = name.trim().toLowerCase();
    if (folded === 'udprn') return String(address.udprn);
    if (folded === 'umrrn') return grant.multiResidency && address.umrrn > 0 ? String(address.umrrn) : '';
    const field = Object.keys(record).find((key) => key.toLowerCase() === folded && !/^field\d+$/.test(folded));
    return field === undefined ? '' : String(record[field]);
  });
}

export function retrieveItems(
  index: ProviderIndex,
  id: string,
  grant: KeyGrant,
  formats: readonly (string | undefined)[],
): Parsed<RetrieveRecord[]> {
  const entry = index.addressesById.get(id);
  if (entry === undefined) {
    const cause = index.containers.has(id)
      ? 'The Id is a container, not an address: call Find with it as the Container to list its addresses.'
      : 'The Id parameter supplied was invalid.';
    return { ok: false, error: idInvalidError(cause) };
  }
  const record = baseRecord(entry);
  for (let n = 1; n <= fieldFormatCount; n++) {
    const template = formats[n - 1];
    record[`Field${n}`] = template === undefined ? '' : formatField(template, record, entry.address, grant);
  }
  return { ok: true, value: [record] };
}
