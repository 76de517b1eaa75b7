import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Environment } from '../../shared/environment/environment.ts';
import { defaultPurchasingSettings, type PurchasingSettings } from '../../shared/money/spending.ts';
import type { SavedPreset } from '../../shared/catalog/variable-presets.ts';
import type { TeamSetting } from '../../shared/team/team-setting.ts';
import { CoreError } from '../core/errors.ts';
import { oversizedSettingsFile, oversizedSettingsMessage } from '../core/settings/settings-size.ts';
import { defaultSettings, parseSettings, type Settings } from '../core/settings/settings-store.ts';

/**
 * The settings the app keeps in a data folder (settings.json, written by the desktop app and
 * browser mode), read and never written; defaults when there are none. A file that cannot be
 * read is an error, never defaults: its budgets would silently stop applying.
 */
function appSettings(dataDir: string): Settings {
  const path = join(dataDir, 'settings.json');
  if (!existsSync(path)) return defaultSettings;
  const size = oversizedSettingsFile(path);
  if (size !== undefined) {
    throw new CoreError('data_dir', `${oversizedSettingsMessage(path, size)}, so its budgets cannot be honoured: open TitleDesk once (it sets the file aside) or replace the file.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CoreError('data_dir', `The app's settings in ${path} cannot be read, so its budgets cannot be honoured: open TitleDesk once (it sets a damaged file aside) or fix the file.`, { cause: error });
  }
  const loaded = parseSettings(raw);
  if (loaded.problem !== undefined) process.stderr.write(`titledesk: note: the app's settings: ${loaded.problem}\n`);
  return loaded.settings;
}

/** The app's budgets, confirmation thresholds, reuse window and batch concurrency: the CLI on its folder obeys them. */
export function appPurchasing(dataDir: string): PurchasingSettings {
  return appSettings(dataDir).purchasing ?? defaultPurchasingSettings;
}

/**
 * The app's environments: the CLI on the app's folder must use the app's own environment for a
 * service, so its checks update the app's records instead of adding rows.
 */
export function appEnvironments(dataDir: string): readonly Environment[] {
  return appSettings(dataDir).environments;
}

/** The variable presets saved in the app, for batch --preset. */
export function appPresets(dataDir: string): readonly SavedPreset[] {
  return appSettings(dataDir).presets ?? [];
}

/** Settings → Team of the app on this folder: the CLI there works in the same team, as the same desk. */
export function appTeam(dataDir: string): TeamSetting | undefined {
  return appSettings(dataDir).team;
}

function sameService(a: string, b: URL): boolean {
  const url = new URL(a);
  return url.origin === b.origin && url.pathname.replace(/\/+$/, '') === b.pathname.replace(/\/+$/, '');
}

/** The app's environment for this base URL (same origin and path), if it has one. */
export function appEnvironmentFor(dataDir: string, baseUrl: URL): Environment | undefined {
  return appEnvironments(dataDir).find((environment) => sameService(environment.baseUrl, baseUrl));
}
