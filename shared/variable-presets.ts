/** Presets every host knows: variable keys are IRIs without the service base (`{provider}/{source}#…`). */
export interface PresetKeys {
  readonly name: string;
  readonly keys: readonly string[];
}

/** What a valuer usually asks for first. */
export const valuationPackKeys: PresetKeys = {
  name: 'Valuation pack',
  keys: [
    'Zoopla/Property Data#Market/Valuation/Sale/Estimated Sale Value (£)',
    'Zoopla/Property Data#Market/Valuation/Sale/Estimate Confidence',
    'Zoopla/Property Data#Market/Valuation/Rent/Estimated Monthly Rent (£)',
    'HM Land Registry/Price Paid#Land Registry/Transactions/Price Paid/Last Sale Price (£)',
    'HM Land Registry/Price Paid#Land Registry/Transactions/Price Paid/Last Sale Date',
    'EPC/Domestic Certificates#Energy/Dwelling/Size/Total Floor Area (m²)',
    'WhenFresh/Property Insurance#Dwelling/Rooms/Bedrooms/Bedroom Count (1⋯6+)',
  ],
};

export const builtInPresets: readonly PresetKeys[] = [valuationPackKeys];

/** A built-in preset by name, case-insensitive. */
export function findBuiltInPreset(name: string): PresetKeys | undefined {
  const wanted = name.trim().toLowerCase();
  return builtInPresets.find((preset) => preset.name.toLowerCase() === wanted);
}
