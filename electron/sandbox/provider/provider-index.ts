import type { SandboxAddress, SandboxWorld } from '../world/types.ts';
import { wordsOf, type Searchable } from './matching.ts';
import { addressEntryId, buildingEntryId, postcodeEntryId, streetEntryId } from './provider-ids.ts';

export type EntryType = 'Address' | 'Postcode' | 'Street' | 'Building';

/** One thing Find can answer with: an address, or a container to drill into. */
export interface FindEntry extends Searchable {
  readonly id: string;
  readonly type: EntryType;
  readonly text: string;
  readonly description: string;
  /** Containers this entry sits in: when one of them matches a query, it stands in for the entry. */
  readonly parents: readonly string[];
}

export interface ContainerEntry extends FindEntry {
  readonly members: readonly FindEntry[];
}

export interface AddressEntry extends FindEntry {
  readonly address: SandboxAddress;
}

export interface ProviderIndex {
  /** In postcode order. */
  readonly postcodes: readonly ContainerEntry[];
  readonly streets: readonly ContainerEntry[];
  readonly buildings: readonly ContainerEntry[];
  readonly addresses: readonly AddressEntry[];
  readonly containers: ReadonlyMap<string, ContainerEntry>;
  readonly addressesById: ReadonlyMap<string, AddressEntry>;
}

const cache = new WeakMap<SandboxWorld, ProviderIndex>();

/** The provider's view of a world, built once per world: Find must not rescan the world's shape per keystroke. */
export function providerIndex(world: SandboxWorld): ProviderIndex {
  let index = cache.get(world);
  if (index === undefined) {
    index = buildIndex(world);
    cache.set(world, index);
  }
  return index;
}

function joinParts(...parts: readonly string[]): string {
  return parts.filter((part) => part !== '').join(', ');
}

function countSuffix(count: number): string {
  return ` - ${count} ${count === 1 ? 'Address' : 'Addresses'}`;
}

/** The premise and street part of an address, as Loqate's Text shows it. */
export function premiseText(address: SandboxAddress): string {
  const streetLine = address.buildingNumber === '' ? address.street : `${address.buildingNumber} ${address.street}`;
  return joinParts(address.company, address.subBuilding, address.buildingName, streetLine);
}

function streetKey(address: SandboxAddress): string {
  return `${address.city}|${address.district}|${address.street}`;
}

interface Grouping {
  readonly streetIds: Map<string, string>;
  readonly flatsByBuilding: Map<number, AddressEntry[]>;
}

function toAddressEntry(address: SandboxAddress, grouping: Grouping): AddressEntry {
  const key = streetKey(address);
  const streetId = grouping.streetIds.get(key) ?? streetEntryId(grouping.streetIds.size + 1);
  grouping.streetIds.set(key, streetId);
  const parents = [postcodeEntryId(address.postcode), streetId];
  if (address.umrrn > 0) parents.push(buildingEntryId(address.udprn));
  const text = premiseText(address);
  const description = joinParts(address.district, address.city, address.postcode);
  const entry: AddressEntry = {
    id: addressEntryId(address),
    type: 'Address',
    text,
    description,
    parents,
    textWords: wordsOf(text),
    descriptionWords: wordsOf(description),
    address,
  };
  if (address.umrrn > 0) {
    const flats = grouping.flatsByBuilding.get(address.udprn) ?? [];
    flats.push(entry);
    grouping.flatsByBuilding.set(address.udprn, flats);
  }
  return entry;
}

interface ContainerSpec {
  readonly id: string;
  readonly type: EntryType;
  readonly text: string;
  /** The Description before its " - N Addresses" suffix: the part queries may match. */
  readonly place: string;
  readonly parents: readonly string[];
  readonly members: readonly FindEntry[];
  readonly addressCount: number;
  /** Postcodes match on the postcode alone, or every query naming their street would list them too. */
  readonly matchPlace: boolean;
}

function toContainer(spec: ContainerSpec): ContainerEntry {
  return {
    id: spec.id,
    type: spec.type,
    text: spec.text,
    description: spec.place + countSuffix(spec.addressCount),
    parents: spec.parents,
    members: spec.members,
    textWords: wordsOf(spec.text),
    descriptionWords: spec.matchPlace ? wordsOf(spec.place) : [],
  };
}

function buildingOf(flats: readonly AddressEntry[]): ContainerEntry | undefined {
  const first = flats[0];
  if (first === undefined) return undefined;
  const { address } = first;
  const building: SandboxAddress = { ...address, subBuilding: '' };
  return toContainer({
    id: buildingEntryId(address.udprn),
    type: 'Building',
    text: premiseText(building),
    place: first.description,
    parents: first.parents.slice(0, 2),
    members: flats,
    addressCount: flats.length,
    matchPlace: true,
  });
}

interface MemberList {
  readonly first: AddressEntry;
  readonly members: FindEntry[];
  addressCount: number;
}

/** Houses as themselves, flats folded into their building: what a postcode or street lists. */
function addMember(lists: Map<string, MemberList>, key: string, entry: AddressEntry, buildings: ReadonlyMap<string, ContainerEntry>): void {
  const list = lists.get(key) ?? { first: entry, members: [], addressCount: 0 };
  lists.set(key, list);
  list.addressCount++;
  const buildingId = entry.parents[2];
  const member = buildingId === undefined ? entry : buildings.get(buildingId);
  if (member !== undefined && !list.members.includes(member)) list.members.push(member);
}

function buildIndex(world: SandboxWorld): ProviderIndex {
  const grouping: Grouping = { streetIds: new Map(), flatsByBuilding: new Map() };
  const addresses = world.addresses.map((address) => toAddressEntry(address, grouping));
  const buildings = [...grouping.flatsByBuilding.values()].flatMap((flats) => buildingOf(flats) ?? []);
  const buildingsById = new Map(buildings.map((building) => [building.id, building]));
  const byPostcode = new Map<string, MemberList>();
  const byStreet = new Map<string, MemberList>();
  for (const entry of addresses) {
    addMember(byPostcode, entry.address.postcode, entry, buildingsById);
    addMember(byStreet, streetKey(entry.address), entry, buildingsById);
  }
  const postcodes = [...byPostcode.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([postcode, list]) => {
      const { street, district, city } = list.first.address;
      const spec = { id: postcodeEntryId(postcode), type: 'Postcode', text: postcode, place: joinParts(street, district, city) } as const;
      return toContainer({ ...spec, parents: [], members: list.members, addressCount: list.addressCount, matchPlace: false });
    });
  const streets = [...byStreet.values()].map((list) => {
    const { street, district, city } = list.first.address;
    const id = list.first.parents[1] ?? '';
    const spec = { id, type: 'Street', text: street, place: joinParts(district, city) } as const;
    return toContainer({ ...spec, parents: [], members: list.members, addressCount: list.addressCount, matchPlace: true });
  });
  const containers = new Map<string, ContainerEntry>([...postcodes, ...streets, ...buildings].map((entry) => [entry.id, entry]));
  const addressesById = new Map(addresses.map((entry) => [entry.id, entry]));
  return { postcodes, streets, buildings, addresses, containers, addressesById };
}
