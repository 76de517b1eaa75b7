/**
 * The service's property address key: base36(UDPRN) + '·' (U+00B7) + base36(UMRRN), lower case.
 * `8e05p·0` is UDPRN 14090317 with UMRRN 0 (no multi-residence). In a URL the dot is %C2%B7.
 */
export const addressKeySeparator = '\u00b7';

export interface AddressKeyParts {
  readonly udprn: number;
  readonly umrrn: number;
}

// Canonical base36 only: lower case, no sign, no leading zeros, so each address has exactly one key.
const base36Pattern = /^(?:0|[1-9a-z][0-9a-z]*)$/;

function isKeyPart(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

export function formatAddressKey(udprn: number, umrrn: number): string {
  if (!isKeyPart(udprn) || !isKeyPart(umrrn)) {
    throw new RangeError(`UDPRN and UMRRN must be non-negative safe integers (got ${udprn}, ${umrrn})`);
  }
  return `${udprn.toString(36)}${addressKeySeparator}${umrrn.toString(36)}`;
}

function parsePart(text: string): number | undefined {
  if (!base36Pattern.test(text)) return undefined;
  const value = parseInt(text, 36);
  // parseInt silently rounds past 2^53: the round trip rejects anything it could not hold exactly.
  if (!isKeyPart(value) || value.toString(36) !== text) return undefined;
  return value;
}

export function parseAddressKey(key: string): AddressKeyParts | undefined {
  const parts = key.split(addressKeySeparator);
  if (parts.length !== 2) return undefined;
  const [udprnText = '', umrrnText = ''] = parts;
  const udprn = parsePart(udprnText);
  const umrrn = parsePart(umrrnText);
  if (udprn === undefined || umrrn === undefined) return undefined;
  return { udprn, umrrn };
}
