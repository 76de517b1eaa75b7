import { z } from 'zod';
import {
  advancedSettingsSchema,
  defaultAdvancedSettings,
  environmentSchema,
  type AdvancedSettings,
  type Environment,
} from '../../../shared/environment/environment.ts';
import { purchasingSettingsSchema, type PurchasingSettings } from '../../../shared/money/spending.ts';
import { savedPresetSchema, type SavedPreset } from '../../../shared/catalog/variable-presets.ts';
import { teamSettingSchema, type TeamSetting } from '../../../shared/team/team-setting.ts';

/** Everything TitleDesk keeps between runs apart from purchases. Never a secret. */
export interface Settings {
  readonly environments: readonly Environment[];
  readonly selectedEnvironmentId: string | null;
  readonly advanced: AdvancedSettings;
  /** Reuse, batch concurrency and the spending guard; defaults when absent. */
  readonly purchasing?: PurchasingSettings;
  /** Variable presets the user saved (the built-in ones are not stored); the CLI's --preset reads them too. */
  readonly presets?: readonly SavedPreset[];
  /** Settings → Team: the team database this desk joins (its password is in the secret store). */
  readonly team?: TeamSetting;
}

export interface LoadedSettings {
  readonly settings: Settings;
  /** Set when the file was unreadable or partly invalid and defaults were used instead. */
  readonly problem: string | undefined;
}

/** Every host keeps these in a JSON file through conf (electron/main and core alike). */
export interface SettingsStore {
  load(): LoadedSettings;
  save(settings: Settings): void;
}

export const defaultSettings: Settings = { environments: [], selectedEnvironmentId: null, advanced: defaultAdvancedSettings };

const looseSettingsSchema = z.object({
  environments: z.array(z.unknown()).catch([]),
  selectedEnvironmentId: z.string().nullable().catch(null),
  advanced: z.record(z.string(), z.unknown()).catch({}),
  purchasing: z.unknown().optional(),
  presets: z.unknown().optional(),
  team: z.unknown().optional(),
});

function parsePurchasing(raw: unknown, problems: string[]): { purchasing?: PurchasingSettings } {
  if (raw === undefined) return {};
  const parsed = purchasingSettingsSchema.safeParse(raw);
  if (parsed.success) return { purchasing: parsed.data };
  problems.push('purchasing was invalid and reset to its defaults');
  return {};
}

/** Each preset on its own: a bad one is dropped with a note, the others kept; a repeated name keeps the first. */
function parsePresets(raw: unknown, problems: string[]): { presets?: SavedPreset[] } {
  if (raw === undefined) return {};
  if (!Array.isArray(raw)) {
    problems.push('presets was not a list and was ignored');
    return {};
  }
  const presets: SavedPreset[] = [];
  for (const [index, item] of raw.entries()) {
    const parsed = savedPresetSchema.safeParse(item);
    if (parsed.success && !presets.some((known) => known.name.toLowerCase() === parsed.data.name.toLowerCase())) presets.push(parsed.data);
    else problems.push(`preset #${index + 1} was invalid and ignored`);
  }
  return { presets };
}

/** An invalid team setting is dropped with a note: the desk then works alone until it joins again. */
function parseTeam(raw: unknown, problems: string[]): { team?: TeamSetting } {
  if (raw === undefined) return {};
  const parsed = teamSettingSchema.safeParse(raw);
  if (parsed.success) return { team: parsed.data };
  problems.push('team was invalid and ignored (Settings → Team)');
  return {};
}

/** Each advanced field on its own: one bad value falls back to its default, not the whole group. */
function parseAdvanced(raw: Readonly<Record<string, unknown>>, problems: string[]): AdvancedSettings {
  const result: Record<string, number> = { ...defaultAdvancedSettings };
  for (const [key, schema] of Object.entries(advancedSettingsSchema.shape)) {
    if (!(key in raw)) continue;
    const parsed = schema.safeParse(raw[key]);
    if (parsed.success) result[key] = parsed.data;
    else problems.push(`advanced.${key} was invalid and reset to its default`);
  }
  return advancedSettingsSchema.parse(result);
}

/**
 * Reads whatever a settings file holds: valid parts are kept, invalid ones are dropped with a
 * note, so a hand-edited or half-written file never stops the app from starting.
 */
export function parseSettings(raw: unknown): LoadedSettings {
  if (typeof raw !== 'object' || raw === null) {
    return { settings: defaultSettings, problem: 'The settings file did not hold an object; defaults were used.' };
  }
  const loose = looseSettingsSchema.parse(raw);
  const problems: string[] = [];
  const environments: Environment[] = [];
  for (const [index, item] of loose.environments.entries()) {
    const parsed = environmentSchema.safeParse(item);
    if (parsed.success && !environments.some((known) => known.id === parsed.data.id)) environments.push(parsed.data);
    else problems.push(`environment #${index + 1} was invalid and ignored`);
  }
  const settings: Settings = {
    environments,
    selectedEnvironmentId: loose.selectedEnvironmentId,
    advanced: parseAdvanced(loose.advanced, problems),
    ...parsePurchasing(loose.purchasing, problems),
    ...parsePresets(loose.presets, problems),
    ...parseTeam(loose.team, problems),
  };
  return { settings, problem: problems.length === 0 ? undefined : `Settings: ${problems.join('; ')}.` };
}

/** A store that lives only as long as the process: for tests and one-off CLI runs. */
export class MemorySettingsStore implements SettingsStore {
  #settings: Settings;

  constructor(initial: Settings = defaultSettings) {
    this.#settings = initial;
  }

  load(): LoadedSettings {
    return { settings: this.#settings, problem: undefined };
  }

  save(settings: Settings): void {
    this.#settings = settings;
  }
}
