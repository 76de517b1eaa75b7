import { band, bool, date, decimal, int, money, row, tenure, type Dataset } from './value-kinds.ts';

/** Public-sector datasets: Ordnance Survey and EPC are instant, HM Land Registry takes a little while. */
export const publicDatasets: readonly Dataset[] = [
  {
    provider: 'Ordnance Survey',
    source: 'AddressBase Premium',
    readySeconds: [0, 0],
    rows: [
      row('Ordnance Survey', 'Classification', 'Property', 'Classification Code', 0.2, band('RD02 Detached', 'RD03 Semi-Detached', 'RD04 Terraced', 'RD06 Self Contained Flat')),
      row('Ordnance Survey', 'Spatial', 'Building', 'Building Footprint Area (m²)', 1, decimal(35, 260)),
      row('Ordnance Survey', 'Spatial', 'Building', 'Building Height (m)', 1, decimal(4, 28)),
      row('Ordnance Survey', 'Spatial', 'Plot', 'Plot Area (m²)', 0.8, decimal(60, 2_400)),
      row('Ordnance Survey', 'Lifecycle', 'Address', 'Address Creation Date', 0.1, date(1990, 2020)),
      row('Ordnance Survey', 'Lifecycle', 'Address', 'Logical Status', 0.1, band('Approved', 'Approved', 'Approved', 'Alternative', 'Provisional')),
    ],
  },
  {
    provider: 'EPC',
    source: 'Domestic Certificates',
    readySeconds: [0, 0],
    rows: [
      row('Energy', 'Rating', 'Current', 'Current Energy Rating', 0.15, band('A', 'B', 'C', 'C', 'D', 'D', 'D', 'E', 'E', 'F', 'G')),
      row('Energy', 'Rating', 'Current', 'Current Energy Efficiency (1⋯100)', 0.15, int(12, 96)),
      row('Energy', 'Rating', 'Potential', 'Potential Energy Rating', 0.15, band('A', 'B', 'B', 'C', 'C', 'C', 'D')),
      row('Energy', 'Rating', 'Potential', 'Potential Energy Efficiency (1⋯100)', 0.15, int(55, 100)),
      row('Energy', 'Emissions', 'Carbon', 'CO₂ Emissions (tonnes per year)', 0.2, decimal(0.5, 12)),
      row('Energy', 'Dwelling', 'Size', 'Total Floor Area (m²)', 0.2, decimal(28, 320)),
      row('Energy', 'Dwelling', 'Heating', 'Main Heating Fuel', 0.2, band('Mains Gas', 'Mains Gas', 'Mains Gas', 'Electricity', 'Oil', 'LPG', 'Biomass')),
      row('Energy', 'Dwelling', 'Glazing', 'Glazing Type', 0.2, band('Double', 'Double', 'Double', 'Single', 'Triple', 'Secondary')),
      row('Energy', 'Certificate', 'Lodgement', 'Lodgement Date', 0.05, date(2008, 2024)),
      row('Energy', 'Certificate', 'Lodgement', 'Certificate Expiry Date', 0.05, date(2018, 2034)),
    ],
  },
  {
    provider: 'HM Land Registry',
    source: 'Price Paid',
    readySeconds: [1, 4],
    rows: [
      row('Land Registry', 'Transactions', 'Price Paid', 'Last Sale Price (£)', 1, money(40_000, 1_100_000, 250)),
      row('Land Registry', 'Transactions', 'Price Paid', 'Last Sale Date', 0.5, date(1995, 2024)),
      row('Land Registry', 'Transactions', 'Price Paid', 'Property Type', 0.25, band('Detached', 'Semi-Detached', 'Terraced', 'Flat-Maisonette')),
      row('Land Registry', 'Transactions', 'Price Paid', 'New Build', 0.25, bool(0.08)),
      row('Land Registry', 'Transactions', 'Price Paid', 'Sales Since 1995', 0.4, int(0, 7)),
      row('Land Registry', 'Register', 'Title', 'Tenure', 0.3, tenure),
      row('Land Registry', 'Register', 'Title', 'First Registration Date', 0.6, date(1926, 2015)),
      row('Land Registry', 'Register', 'Charges', 'Registered Charges', 1.5, int(0, 3)),
      row('Land Registry', 'Register', 'Restrictions', 'Has Restriction', 1.25, bool(0.25)),
    ],
  },
  {
    provider: 'HM Land Registry',
    source: 'Leases',
    readySeconds: [2, 6],
    tenure: 'Leasehold',
    rows: [
      row('Land Registry', 'Register', 'Lease', 'Lease Term (years)', 1.5, band('99', '99', '125', '125', '150', '250', '999')),
      row('Land Registry', 'Register', 'Lease', 'Lease Start Date', 1, date(1960, 2020)),
      row('Land Registry', 'Register', 'Lease', 'Unexpired Term (years)', 2, int(38, 990)),
      row('Land Registry', 'Register', 'Lease', 'Ground Rent (£ per year)', 1.75, money(0, 450, 25)),
    ],
  },
];
