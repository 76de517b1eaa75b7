import { band, bool, date, decimal, int, money, row, type Dataset } from './value-kinds.ts';

/** Market and search data from Zoopla and CLS: both take several seconds to fulfil. */
export const marketDatasets: readonly Dataset[] = [
  {
    provider: 'Zoopla',
    source: 'Property Data',
    readySeconds: [1, 5],
    rows: [
      row('Market', 'Valuation', 'Sale', 'Estimated Sale Value (£)', 3, money(95_000, 1_250_000)),
      row('Market', 'Valuation', 'Sale', 'Estimate Confidence', 0.5, band('High', 'High', 'Medium', 'Low')),
      row('Market', 'Valuation', 'Rent', 'Estimated Monthly Rent (£)', 2, money(450, 3_500, 25)),
      row('Market', 'Listings', 'Sale', 'Last Listed Price (£)', 1, money(85_000, 1_200_000)),
      row('Market', 'Listings', 'Sale', 'Last Listed Date', 0.5, date(2008, 2024)),
      row('Market', 'Listings', 'Sale', 'Days on Market', 0.75, int(5, 240)),
      row('Market', 'Listings', 'Rent', 'Last Listed Rent (£ per month)', 1, money(400, 3_200, 25)),
      row('Market', 'Listings', 'Rent', 'Last Rental Listing Date', 0.5, date(2010, 2024)),
      row('Market', 'Area', 'Demand', 'Area Demand Rating', 0.8, band('Low', 'Medium', 'Medium', 'High', 'Very High')),
      row('Market', 'Area', 'Growth', 'Five Year Price Change (%)', 1.2, decimal(-5, 45)),
    ],
  },
  {
    provider: 'CLS',
    source: 'Property Search',
    readySeconds: [3, 8],
    rows: [
      row('Environment', 'Ground', 'Contaminated Land', 'Contaminated Land Assessment', 4.5, band('Passed', 'Passed', 'Passed', 'Passed', 'Further Action')),
      row('Environment', 'Ground', 'Radon', 'Radon Affected Area', 2, bool(0.15)),
      row('Environment', 'Ground', 'Coal Mining', 'Coal Mining Reporting Area', 2.5, bool(0.3)),
      row('Environment', 'Water', 'Flood', 'Flood Zone', 3, band('Zone 1', 'Zone 1', 'Zone 1', 'Zone 2', 'Zone 3')),
      row('Planning', 'Applications', 'Nearby', 'Planning Applications Within 250m', 3.5, int(0, 35)),
      row('Planning', 'Designations', 'Conservation', 'Conservation Area', 1.5, bool(0.12)),
      row('Planning', 'Designations', 'Listed Building', 'Listed Building Grade', 2, band('Not Listed', 'Not Listed', 'Not Listed', 'Not Listed', 'Grade II', 'Grade II*', 'Grade I')),
      row('Infrastructure', 'Transport', 'Rail', 'Distance to Nearest Station (m)', 1, int(150, 8_000)),
      row('Infrastructure', 'Transport', 'Rail', 'HS2 Safeguarding Zone', 1.75, bool(0.05)),
      row('Infrastructure', 'Utilities', 'Drainage', 'Mains Drainage', 2.25, bool(0.92)),
    ],
  },
];
