import { address, band, bool, int, money, row, type Dataset } from './value-kinds.ts';

/** WhenFresh's own datasets: an instant address dataset and a slower insurance one. */
export const whenFreshDatasets: readonly Dataset[] = [
  {
    provider: 'WhenFresh',
    source: 'Address',
    readySeconds: [0, 0],
    rows: [
      row('Ordnance Survey', 'Spatial', 'Address', 'Unique Property Reference Number', 0.05, address('uprn')),
      row('Royal Mail', 'Postal', 'Address', 'Unique Delivery Point Reference Number', 0.05, address('udprn')),
      row('Royal Mail', 'Postal', 'Address', 'Multiple Residence Reference Number', 0.05, address('umrrn')),
      row('Royal Mail', 'Postal', 'Address', 'Postcode', 0.01, address('postcode')),
      row('Royal Mail', 'Postal', 'Address', 'Post Town', 0.01, address('city')),
      row('Ordnance Survey', 'Spatial', 'Location', 'Easting', 0.02, int(380_000, 460_000)),
      row('Ordnance Survey', 'Spatial', 'Location', 'Northing', 0.02, int(400_000, 470_000)),
      row('Government', 'Local Government', 'Council Tax', 'Council Tax Band', 0.1, band('A', 'B', 'B', 'C', 'C', 'C', 'D', 'D', 'E', 'F', 'G', 'H')),
    ],
  },
  {
    provider: 'WhenFresh',
    source: 'Property Insurance',
    readySeconds: [2, 8],
    rows: [
      row('Dwelling', 'Rooms', 'Bathrooms', 'Bathroom Count (1⋯5+)', 0.5, band('1', '1', '1', '2', '2', '3', '4', '5+')),
      row('Dwelling', 'Rooms', 'Bedrooms', 'Bedroom Count (1⋯6+)', 0.5, band('1', '2', '2', '3', '3', '3', '4', '4', '5', '6+')),
      row('Dwelling', 'Rooms', 'Reception Rooms', 'Reception Room Count', 0.4, int(1, 4)),
      row('Dwelling', 'Construction', 'Walls', 'Wall Construction', 0.75, band('Cavity Brick', 'Cavity Brick', 'Solid Brick', 'Stone', 'Timber Frame', 'System Built')),
      row('Dwelling', 'Construction', 'Roof', 'Roof Construction', 0.75, band('Pitched Tile', 'Pitched Tile', 'Pitched Slate', 'Flat Felt', 'Flat Membrane')),
      row('Dwelling', 'Construction', 'Age', 'Year Built', 0.6, int(1850, 2023)),
      row('Dwelling', 'Features', 'Outdoor', 'Has Garden', 0.3, bool(0.7)),
      row('Dwelling', 'Features', 'Outdoor', 'Has Swimming Pool', 0.3, bool(0.03)),
      row('Dwelling', 'Features', 'Parking', 'Off-Street Parking', 0.3, bool(0.6)),
      row('Dwelling', 'Features', 'Heating', 'Has Open Fire', 0.25, bool(0.2)),
      row('Risk', 'Peril', 'Flood', 'River and Sea Flood Risk Band', 1.5, band('Very Low', 'Very Low', 'Very Low', 'Low', 'Low', 'Medium', 'High')),
      row('Risk', 'Peril', 'Subsidence', 'Subsidence Risk Band', 1.5, band('Very Low', 'Low', 'Low', 'Medium', 'High')),
      row('Risk', 'Peril', 'Crime', 'Burglary Risk Score (1⋯10)', 1.25, int(1, 10)),
      row('Risk', 'Rebuild', 'Cost', 'Rebuild Cost (£)', 2.5, money(90_000, 650_000)),
    ],
  },
];
