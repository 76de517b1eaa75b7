import { createIdentifierAllocator, type IdentifierAllocator } from './identifiers.ts';
import {
  buildingStems,
  buildingSuffixes,
  houseNames,
  streetStems,
  streetSuffixes,
  towns,
  unitLetters,
  type TownSpec,
} from './places.ts';
import { createRandom, type Random } from './prng.ts';
import type { SandboxAddress, SandboxTitle, SandboxWorld } from './types.ts';

export const defaultWorldSeed = 20240917;

const postcodesPerTown = 10;
const streetsPerTown = 5;
/** The first postcode of the first town: the example used throughout the docs (LS23 6TR). */
const firstInward = '6TR';

/** Per-town state: street numbering continues across postcodes, as on a real long street. */
interface TownContext {
  readonly random: Random;
  readonly ids: IdentifierAllocator;
  readonly town: TownSpec;
  readonly nextNumber: Map<string, number>;
  readonly usedHouseNames: Set<string>;
  readonly usedBuildingNames: Set<string>;
}

/**
 * Builds the sandbox's world from a seed: about 3,000 dwellings over 100 postcodes in ten towns,
 * houses (UMRRN 0, one freehold title) and blocks of flats (one shared UDPRN, a UMRRN per flat, a
 * leasehold title per flat plus the block's freehold). The same seed always gives the same world.
 */
export function buildWorld(seed: number = defaultWorldSeed): SandboxWorld {
  const random = createRandom(seed);
  const ids = createIdentifierAllocator(random);
  const addresses: SandboxAddress[] = [];
  const postcodes: string[] = [];
  towns.forEach((town, townIndex) => {
    const context: TownContext = {
      random,
      ids,
      town,
      nextNumber: new Map(),
      usedHouseNames: new Set(),
      usedBuildingNames: new Set(),
    };
    const streets = pickDistinct(streetsPerTown, () => `${random.pick(streetStems)} ${random.pick(streetSuffixes)}`);
    const inwards = pickInwardCodes(random, town, townIndex === 0 ? firstInward : undefined);
    inwards.forEach((inward, index) => {
      const postcode = `${town.outward} ${inward}`;
      postcodes.push(postcode);
      const first = streets[index % streets.length] ?? '';
      const second = random.chance(0.4) ? streets[(index + 1) % streets.length] : undefined;
      // The docs' example postcode always holds a block, so demos can show flats there.
      const withBlock = (townIndex === 0 && index === 0) || random.chance(0.55);
      addresses.push(...buildPostcode(context, postcode, second === undefined ? [first] : [first, second], withBlock));
    });
  });
  giveHistoricTitles(addresses, postcodes[0]);
  const titles = new Map<string, SandboxTitle>();
  for (const address of addresses) for (const title of address.titles) titles.set(title.titleNumber, title);
  return { addresses, titles, postcodes };
}

/**
 * Title numbers of the register's older series: from before county prefixes (digits only) and a
 * short-lived series (Z1Z). None can clash with a generated one, which always has a letter prefix
 * and ends in a digit.
 */
export const historicTitleNumbers = ['284789', 'Z1Z', '31415'] as const;

/**
 * The last houses of the world (never in the docs' postcode, whose titles are the samples) carry
 * the historic title numbers instead of their generated ones. Done after generation, so the
 * random sequence and every other identifier stay as they were.
 */
function giveHistoricTitles(addresses: SandboxAddress[], docsPostcode: string | undefined): void {
  let next = 0;
  for (let index = addresses.length - 1; index >= 0 && next < historicTitleNumbers.length; index -= 1) {
    const address = addresses[index];
    const titleNumber = historicTitleNumbers[next];
    if (address === undefined || titleNumber === undefined) continue;
    if (address.umrrn !== 0 || address.titles.length !== 1 || address.postcode === docsPostcode) continue;
    addresses[index] = { ...address, titles: [{ titleNumber, tenure: 'Freehold' }] };
    next += 1;
  }
}

function pickDistinct(count: number, make: () => string): string[] {
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(make());
  return [...chosen];
}

function pickInwardCodes(random: Random, town: TownSpec, fixedFirst: string | undefined): string[] {
  const inwards = new Set<string>(fixedFirst === undefined ? [] : [fixedFirst]);
  const letter = (): string => unitLetters.charAt(random.int(0, unitLetters.length - 1));
  while (inwards.size < postcodesPerTown) inwards.add(`${random.pick(town.sectors)}${letter()}${letter()}`);
  return [...inwards];
}

function buildPostcode(context: TownContext, postcode: string, streets: readonly string[], withBlock: boolean): SandboxAddress[] {
  const { random } = context;
  const houseCount = random.int(10, 30);
  const split = streets.length > 1 ? random.int(3, houseCount - 3) : houseCount;
  // Never plot 0: the world's first delivery point stays a house (the `8e05p·0` example).
  const blockAt = withBlock ? random.int(1, split - 1) : -1;
  const addresses: SandboxAddress[] = [];
  for (let plot = 0; plot < houseCount; plot++) {
    const street = (plot < split ? streets[0] : streets[1]) ?? '';
    if (plot === blockAt) addresses.push(...buildBlock(context, postcode, street));
    addresses.push(buildHouse(context, postcode, street));
  }
  return addresses;
}

function takeNumber(context: TownContext, street: string): string {
  const number = context.nextNumber.get(street) ?? 1;
  context.nextNumber.set(street, number + context.random.int(1, 2));
  return String(number);
}

function baseAddress(context: TownContext, postcode: string, street: string) {
  const { town } = context;
  return {
    company: '',
    street,
    district: town.district,
    city: town.city,
    adminArea: town.adminArea,
    province: town.province,
    postcode,
  };
}

function buildHouse(context: TownContext, postcode: string, street: string): SandboxAddress {
  const { random, ids } = context;
  const name = random.chance(0.08) ? random.pick(houseNames) : '';
  // A second "Rose Cottage" on the same street would make two addresses read the same.
  const named = name !== '' && !context.usedHouseNames.has(`${name}|${street}`);
  if (named) context.usedHouseNames.add(`${name}|${street}`);
  return {
    ...baseAddress(context, postcode, street),
    udprn: ids.udprn(),
    umrrn: 0,
    uprn: ids.uprn(),
    subBuilding: '',
    buildingNumber: named ? '' : takeNumber(context, street),
    buildingName: named ? name : '',
    titles: [{ titleNumber: ids.titleNumber(context.town.titlePrefix), tenure: 'Freehold' }],
  };
}

function buildBlock(context: TownContext, postcode: string, street: string): SandboxAddress[] {
  const { random, ids } = context;
  const makeName = (): string => `${random.pick(buildingStems)} ${random.pick(buildingSuffixes)}`;
  let buildingName = makeName();
  while (context.usedBuildingNames.has(buildingName)) buildingName = makeName();
  context.usedBuildingNames.add(buildingName);
  const buildingNumber = takeNumber(context, street);
  const udprn = ids.udprn();
  const freehold: SandboxTitle = { titleNumber: ids.titleNumber(context.town.titlePrefix), tenure: 'Freehold' };
  const flatCount = random.int(6, 36);
  const flats: SandboxAddress[] = [];
  for (let flat = 1; flat <= flatCount; flat++) {
    flats.push({
      ...baseAddress(context, postcode, street),
      udprn,
      umrrn: ids.umrrn(),
      uprn: ids.uprn(),
      subBuilding: `Flat ${flat}`,
      buildingNumber,
      buildingName,
      titles: [{ titleNumber: ids.titleNumber(context.town.titlePrefix), tenure: 'Leasehold' }, freehold],
    });
  }
  return flats;
}
