import { valuationPackKeys } from '../../../shared/variable-presets.ts';
import { isStringArray, readPreference, writePreference } from '../common/local-preference.ts';

export interface Preset {
  readonly name: string;
  /** Variable keys (IRIs without the service base), see variableKey. */
  readonly keys: readonly string[];
  readonly builtIn?: boolean;
}

/** What a valuer usually asks for first (shared with the CLI's --preset). */
export const valuationPack: Preset = { name: valuationPackKeys.name, builtIn: true, keys: valuationPackKeys.keys };

const storageKey = 'titledesk.variable-presets';

function parsePresets(value: unknown): Preset[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const presets: Preset[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const name: unknown = Reflect.get(item, 'name');
    const keys: unknown = Reflect.get(item, 'keys');
    if (typeof name === 'string' && name.trim() !== '' && isStringArray(keys)) presets.push({ name, keys });
  }
  return presets;
}

export function loadSavedPresets(): Preset[] {
  return readPreference(storageKey, parsePresets, []);
}

/** Saves (or replaces, by name) a preset; the built-in one cannot be overwritten. */
export function savePreset(presets: readonly Preset[], preset: Preset): Preset[] {
  const next = [...presets.filter((existing) => existing.name !== preset.name), { name: preset.name, keys: [...preset.keys] }];
  writePreference(storageKey, next);
  return next;
}

export function deletePreset(presets: readonly Preset[], name: string): Preset[] {
  const next = presets.filter((preset) => preset.name !== name);
  writePreference(storageKey, next);
  return next;
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
