import type { SandboxAddress, SandboxWorld } from '../world/types.ts';

/** One line per part, as an address is written on an envelope. */
export function addressLines(address: SandboxAddress): string[] {
  const building = [address.buildingNumber, address.buildingName].filter((part) => part !== '');
  // "7 Regent Mansions, Tannery Crescent" reads oddly: a named building keeps its own line.
  const street = address.buildingName === '' ? [address.buildingNumber, address.street].filter((part) => part !== '').join(' ') : address.street;
  const buildingLine = address.buildingName === '' ? '' : building.join(' ');
  return [address.company, address.subBuilding, buildingLine, street, address.district, address.city.toUpperCase(), address.postcode].filter(
    (line) => line !== '',
  );
}

export function addressLabel(address: SandboxAddress): string {
  return addressLines(address).join(', ');
}

/** Postcodes compared without spaces or case: "ls236tr" finds "LS23 6TR". */
function postcodeKey(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

export class AddressIndex {
  readonly #byKey = new Map<string, SandboxAddress>();
  readonly #byPostcode = new Map<string, SandboxAddress[]>();
  readonly #byUprn = new Map<string, SandboxAddress>();

  constructor(world: SandboxWorld) {
    for (const address of world.addresses) {
      this.#byKey.set(`${address.udprn}:${address.umrrn}`, address);
      this.#byUprn.set(address.uprn, address);
      const key = postcodeKey(address.postcode);
      const list = this.#byPostcode.get(key);
      if (list === undefined) this.#byPostcode.set(key, [address]);
      else list.push(address);
    }
  }

  find(udprn: number, umrrn: number): SandboxAddress | undefined {
    return this.#byKey.get(`${udprn}:${umrrn}`);
  }

  /** The address with this UPRN (digits, no leading zero), whose spatial address's catalog it is. */
  withUprn(uprn: string): SandboxAddress | undefined {
    return this.#byUprn.get(uprn);
  }

  inPostcode(postcode: string): readonly SandboxAddress[] {
    return this.#byPostcode.get(postcodeKey(postcode)) ?? [];
  }
}

/** A UK postcode: outward code (area, district) then inward code (sector digit, unit letters). */
export function isPostcode(value: string): boolean {
  return /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i.test(value.trim());
}
