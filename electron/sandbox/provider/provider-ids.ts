import type { SandboxAddress } from '../world/types.ts';

/**
 * Find/Retrieve Ids keep the seed's `<country>|<source code>|<kind code>|<number>` shape. A flat
 * adds its UMRRN as a fifth part, since it shares its building's delivery point (UDPRN). Postcode
 * containers use Loqate's own form (`GB|RM|ENG|6TR-LS23`).
 */
export function addressEntryId(address: Pick<SandboxAddress, 'udprn' | 'umrrn'>): string {
  return address.umrrn > 0 ? `GB|RM|A|${address.udprn}|${address.umrrn}` : `GB|RM|A|${address.udprn}`;
}

export function buildingEntryId(udprn: number): string {
  return `GB|RM|B|${udprn}`;
}

export function streetEntryId(streetNumber: number): string {
  return `GB|RM|S|${streetNumber}`;
}

export function postcodeEntryId(postcode: string): string {
  const [outward = '', inward = ''] = postcode.split(' ');
  return `GB|RM|ENG|${inward}-${outward}`;
}
