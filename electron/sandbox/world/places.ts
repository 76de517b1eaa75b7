/**
 * The places the sandbox world is built from. Outward codes, towns and counties are real so the
 * addresses look right; every street, building and house name is combined at random and fictional.
 */
export interface TownSpec {
  readonly outward: string;
  /** Postcode sector digits used in this town. */
  readonly sectors: readonly number[];
  readonly district: string;
  readonly city: string;
  readonly adminArea: string;
  readonly province: string;
  /** HM Land Registry style prefix for titles registered here. */
  readonly titlePrefix: string;
}

export const towns: readonly TownSpec[] = [
  { outward: 'LS23', sectors: [6, 7], district: 'Boston Spa', city: 'Wetherby', adminArea: 'Leeds', province: 'West Yorkshire', titlePrefix: 'WYK' },
  { outward: 'HG2', sectors: [8, 9], district: 'Pannal', city: 'Harrogate', adminArea: 'North Yorkshire', province: 'North Yorkshire', titlePrefix: 'NYK' },
  { outward: 'YO24', sectors: [1, 2], district: 'Dringhouses', city: 'York', adminArea: 'York', province: 'North Yorkshire', titlePrefix: 'NYK' },
  { outward: 'BS8', sectors: [2, 3, 4], district: 'Clifton', city: 'Bristol', adminArea: 'City of Bristol', province: 'Bristol', titlePrefix: 'BL' },
  { outward: 'EX4', sectors: [4, 6], district: 'Pennsylvania', city: 'Exeter', adminArea: 'Devon', province: 'Devon', titlePrefix: 'DN' },
  { outward: 'NR2', sectors: [2, 3], district: 'Eaton', city: 'Norwich', adminArea: 'Norfolk', province: 'Norfolk', titlePrefix: 'NK' },
  { outward: 'CF11', sectors: [1, 9], district: 'Canton', city: 'Cardiff', adminArea: 'Cardiff', province: 'South Glamorgan', titlePrefix: 'WA' },
  { outward: 'TN2', sectors: [4, 5], district: 'Pembury', city: 'Tunbridge Wells', adminArea: 'Kent', province: 'Kent', titlePrefix: 'K' },
  { outward: 'SE22', sectors: [0, 8, 9], district: 'East Dulwich', city: 'London', adminArea: 'Southwark', province: 'Greater London', titlePrefix: 'TGL' },
  { outward: 'B13', sectors: [8, 9], district: 'Moseley', city: 'Birmingham', adminArea: 'Birmingham', province: 'West Midlands', titlePrefix: 'WM' },
];

export const streetStems: readonly string[] = [
  'Mill', 'Church', 'Station', 'Orchard', 'Willow', 'Beech', 'Hawthorn', 'Linden', 'Priory', 'Meadow',
  'Rowan', 'Kingfisher', 'Foxglove', 'Heron', 'Larch', 'Bramble', 'Chapel', 'Abbey', 'Quarry', 'Tannery',
  'Saxon', 'Ferncliffe', 'Goldcrest', 'Harebell', 'Lowther', 'Marston', 'Newlands', 'Oakwood', 'Pinfold', 'Ridings',
];

export const streetSuffixes: readonly string[] = [
  'Lane', 'Road', 'Street', 'Close', 'Avenue', 'Way', 'Drive', 'Gardens', 'Crescent', 'Grove', 'Terrace', 'Walk',
];

export const buildingStems: readonly string[] = [
  'Aspen', 'Beacon', 'Cedar', 'Alder', 'Juniper', 'Hazel', 'Sycamore', 'Osprey', 'Kestrel', 'Larkspur',
  'Meridian', 'Regent', 'Victoria', 'Albion', 'Waterside', 'Lantern', 'Foundry', 'Granary',
];

export const buildingSuffixes: readonly string[] = ['Court', 'House', 'Lodge', 'Mansions', 'Point', 'Heights'];

export const houseNames: readonly string[] = [
  'Rose Cottage', 'The Old Forge', 'Holly House', 'Orchard View', 'The Barn', 'Ivy Cottage', 'Fern Lodge',
  'Well House', 'The Coach House', 'Stable Cottage', 'Hillcrest', 'The Laurels',
];

/** Letters Royal Mail uses in the unit part of a postcode (no C, I, K, M, O, V). */
export const unitLetters = 'ABDEFGHJLNPQRSTUWXYZ';
