import { savedPresetSchema, valuationPackKeys, type SavedPreset } from '../../../shared/catalog/variable-presets.ts';
import { forgetPreference, isStringArray, readPreference, writePreference } from '../common/local-preference.ts';

export interface Preset {
  readonly name: string;
  /** Variable keys (IRIs without the service base), see variableKey. */
  readonly keys: readonly string[];
  readonly builtIn?: boolean;
}

/** What a valuer usually asks for first (shared with the CLI's --preset). */
export const valuationPack: Preset = { name: valuationPackKeys.name, builtIn: true, keys: valuationPackKeys.keys };

/** Where presets were kept before they moved to settings. */
const legacyStorageKey = 'titledesk.variable-presets';

function parseLegacyPresets(value: unknown): SavedPreset[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((item) => {
    const parsed = savedPresetSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The presets this window kept in local storage, removed from it: the caller saves them to settings. */
export function takeLocalPresets(): SavedPreset[] {
  const presets = readPreference(legacyStorageKey, parseLegacyPresets, []);
  forgetPreference(legacyStorageKey);
  return presets;
}

const selectionKey = 'titledesk.picker-selection';
export const latestSelectionName = 'Latest selection in the picker';

/** The picker's latest non-empty selection, as variable keys: a batch can take it as its variables. */
export function rememberSelection(keys: readonly string[]): void {
  if (keys.length > 0) writePreference(selectionKey, keys);
}

export function lastSelection(): Preset | undefined {
  const keys = readPreference(selectionKey, (value) => (isStringArray(value) ? value : undefined), []);
  return keys.length === 0 ? undefined : { name: latestSelectionName, keys };
}
