import { describe, expect, it } from 'vitest';
import { formatAddressKey } from '../../../../shared/property/address-key.ts';
import { buildWorld, historicTitleNumbers } from '../../../../electron/sandbox/world/build-world.ts';
import type { SandboxAddress } from '../../../../electron/sandbox/world/types.ts';

const world = buildWorld();
const titlePattern = /^[A-Z]{1,3}\d{3,6}$/;
const postcodePattern = /^[A-Z]{1,2}\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2}$/;

function flatsOf(addresses: readonly SandboxAddress[]): SandboxAddress[] {
  return addresses.filter((address) => address.umrrn > 0);
}

describe('sandbox world', () => {
  it('holds a few thousand addresses over UK-shaped postcodes', () => {
    expect(world.addresses.length).toBeGreaterThan(2000);
    expect(world.postcodes.length).toBeGreaterThanOrEqual(50);
    expect(new Set(world.postcodes).size).toBe(world.postcodes.length);
    for (const postcode of world.postcodes) expect(postcode).toMatch(postcodePattern);
    expect(world.postcodes).toContain('LS23 6TR');
    const listed = new Set(world.postcodes);
    for (const address of world.addresses) expect(listed.has(address.postcode)).toBe(true);
  });

  it('gives every dwelling a distinct address key, 8-digit UDPRN and UPRN of up to 12 digits', () => {
    const keys = new Set(world.addresses.map((a) => formatAddressKey(a.udprn, a.umrrn)));
    expect(keys.size).toBe(world.addresses.length);
    expect(keys.has('8e05p·0')).toBe(true);
    for (const address of world.addresses) {
      expect(String(address.udprn)).toMatch(/^[1-9]\d{7}$/);
      expect(address.uprn).toMatch(/^[1-9]\d{0,11}$/);
    }
    expect(new Set(world.addresses.map((a) => a.uprn)).size).toBe(world.addresses.length);
  });

  it('has houses with UMRRN 0 and one freehold title', () => {
    const houses = world.addresses.filter((a) => a.umrrn === 0);
    expect(houses.length).toBeGreaterThan(1000);
    expect(new Set(houses.map((h) => h.udprn)).size).toBe(houses.length);
    for (const house of houses) {
      expect(house.subBuilding).toBe('');
      expect(house.titles).toHaveLength(1);
      expect(house.titles[0]?.tenure).toBe('Freehold');
      expect(house.buildingNumber !== '' || house.buildingName !== '').toBe(true);
    }
  });

  it('has blocks of flats sharing a delivery point, each flat with its own UMRRN and leasehold', () => {
    const flats = flatsOf(world.addresses);
    expect(flats.length).toBeGreaterThan(300);
    expect(new Set(flats.map((f) => f.umrrn)).size).toBe(flats.length);
    const houseUdprns = new Set(world.addresses.filter((a) => a.umrrn === 0).map((a) => a.udprn));
    const blocks = new Map<number, SandboxAddress[]>();
    for (const flat of flats) blocks.set(flat.udprn, [...(blocks.get(flat.udprn) ?? []), flat]);
    expect(blocks.size).toBeGreaterThan(20);
    for (const [udprn, block] of blocks) {
      expect(houseUdprns.has(udprn)).toBe(false);
      expect(block.length).toBeGreaterThan(1);
      const freeholds = new Set(block.map((flat) => flat.titles[1]?.titleNumber));
      expect(freeholds.size).toBe(1);
      expect(new Set(block.map((flat) => flat.buildingName)).size).toBe(1);
      for (const flat of block) {
        expect(flat.subBuilding).toMatch(/^Flat \d+$/);
        expect(flat.titles.map((t) => t.tenure)).toEqual(['Leasehold', 'Freehold']);
      }
    }
  });

  it('maps every title number to its record, in E&W format, each leasehold used once', () => {
    const used = world.addresses.flatMap((a) => a.titles);
    const historic: readonly string[] = historicTitleNumbers;
    for (const title of used) {
      if (!historic.includes(title.titleNumber)) expect(title.titleNumber).toMatch(titlePattern);
      expect(world.titles.get(title.titleNumber)).toEqual(title);
    }
    expect(world.titles.size).toBe(new Set(used.map((t) => t.titleNumber)).size);
    const leaseholds = used.filter((t) => t.tenure === 'Leasehold');
    expect(new Set(leaseholds.map((t) => t.titleNumber)).size).toBe(leaseholds.length);
  });

  it('also holds titles of the older series (digits only, Z1Z), each on one house outside the sample postcode', () => {
    for (const titleNumber of historicTitleNumbers) {
      expect(world.titles.get(titleNumber)).toEqual({ titleNumber, tenure: 'Freehold' });
      const holders = world.addresses.filter((a) => a.titles.some((t) => t.titleNumber === titleNumber));
      expect(holders).toHaveLength(1);
      expect(holders[0]).toMatchObject({ umrrn: 0 });
      expect(holders[0]?.postcode).not.toBe('LS23 6TR');
    }
  });

  it('puts a block of flats in LS23 6TR, the documented example postcode', () => {
    const here = world.addresses.filter((a) => a.postcode === 'LS23 6TR');
    expect(flatsOf(here).length).toBeGreaterThan(0);
    expect(here.some((a) => a.umrrn === 0)).toBe(true);
  });

  it('is deterministic for a seed and different across seeds', () => {
    expect(buildWorld()).toEqual(world);
    expect(buildWorld(7)).toEqual(buildWorld(7));
    expect(buildWorld(7).addresses.map((a) => a.street)).not.toEqual(world.addresses.map((a) => a.street));
  });
});
