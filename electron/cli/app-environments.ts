import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Environment } from '../../shared/environment.ts';
import type { SavedPreset } from '../../shared/variable-presets.ts';
import { defaultSettings, parseSettings, type Settings } from '../core/settings/settings-store.ts';

/**
 * The settings the app keeps in a data folder (settings.json, written by the desktop app and
 * browser mode), read and never written; defaults when there are none or they cannot be read.
 */
function appSettings(dataDir: string): Settings {
  const path = join(dataDir, 'settings.json');
  if (!existsSync(path)) return defaultSettings;
  try {
    return parseSettings(JSON.parse(readFileSync(path, 'utf8'))).settings;
  } catch {
    return defaultSettings;
  }
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

function sameService(a: string, b: URL): boolean {
  const url = new URL(a);
  return url.origin === b.origin && url.pathname.replace(/\/+$/, '') === b.pathname.replace(/\/+$/, '');
}

/** The app's environment for this base URL (same origin and path), if it has one. */
export function appEnvironmentFor(dataDir: string, baseUrl: URL): Environment | undefined {
  return appEnvironments(dataDir).find((environment) => sameService(environment.baseUrl, baseUrl));
}
