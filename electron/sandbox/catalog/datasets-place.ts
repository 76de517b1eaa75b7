import { band, decimal, int, row, type Dataset } from './value-kinds.ts';

/**
 * Datasets about a place rather than a title, sold only from a postal address's catalog (Royal
 * Mail's delivery point) or a spatial address's (Ordnance Survey's topography). Both are instant.
 */
export const placeDatasets: readonly Dataset[] = [
  {
    provider: 'Royal Mail',
    source: 'Postcode Address File',
    readySeconds: [0, 0],
    rows: [
      row('Royal Mail', 'Postal', 'Delivery Point', 'Delivery Point Suffix', 0.02, band('1A', '1B', '1D', '2A', '2B', '3G')),
      row('Royal Mail', 'Postal', 'Delivery Point', 'Delivery Point Type', 0.05, band('Residential', 'Residential', 'Residential', 'Small User Organisation', 'Large User Organisation')),
      row('Royal Mail', 'Postal', 'Delivery Point', 'Households at Delivery Point', 0.05, int(1, 12)),
    ],
  },
  {
    provider: 'Ordnance Survey',
    source: 'Topography',
    readySeconds: [0, 0],
    rows: [
      row('Ordnance Survey', 'Spatial', 'Building', 'Building Use', 0.2, band('Residential', 'Residential', 'Residential', 'Mixed Use', 'Commercial')),
      row('Ordnance Survey', 'Spatial', 'Location', 'Elevation (m)', 0.1, decimal(2, 320)),
      row('Ordnance Survey', 'Spatial', 'Location', 'Distance to Nearest Road (m)', 0.1, decimal(2, 120)),
    ],
  },
];
