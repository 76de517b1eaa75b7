import { z } from 'zod';

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


/** A preset the user saved: kept in settings, so every host (and the CLI's --preset) sees it. */
export const savedPresetSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  keys: z.array(z.string().min(1).max(500)).min(1).max(500),
});

export type SavedPreset = z.infer<typeof savedPresetSchema>;

export const presetListSchema = z.object({
  presets: z.array(z.object({ name: z.string(), keys: z.array(z.string()), builtIn: z.boolean() })),
});

export type PresetList = z.infer<typeof presetListSchema>;

/** Built-in presets first, then the saved ones; a saved preset never shadows a built-in name. */
export function presetList(saved: readonly SavedPreset[]): PresetList {
  const builtInNames = new Set(builtInPresets.map((preset) => preset.name.toLowerCase()));
  return {
    presets: [
      ...builtInPresets.map((preset) => ({ name: preset.name, keys: [...preset.keys], builtIn: true })),
      ...saved.filter((preset) => !builtInNames.has(preset.name.toLowerCase())).map((preset) => ({ name: preset.name, keys: [...preset.keys], builtIn: false })),
    ],
  };
}

/** A preset by name, case-insensitive: built-in ones first, then those saved in settings. */
export function findPreset(name: string, saved: readonly SavedPreset[]): PresetKeys | undefined {
  const wanted = name.trim().toLowerCase();
  return presetList(saved).presets.find((preset) => preset.name.toLowerCase() === wanted);
}
