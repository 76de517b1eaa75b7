import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Environment } from '../../shared/environment.ts';
import { parseSettings } from '../core/settings/settings-store.ts';

/**
 * The environments the app keeps in a data folder (settings.json, written by the desktop app and
 * browser mode), read and never written: the CLI on the app's folder must use the app's own
 * environment for a service, so its checks update the app's records instead of adding rows.
 */
export function appEnvironments(dataDir: string): readonly Environment[] {
  const path = join(dataDir, 'settings.json');
  if (!existsSync(path)) return [];
  try {
    return parseSettings(JSON.parse(readFileSync(path, 'utf8'))).settings.environments;
  } catch {
    return [];
  }
}

function sameService(a: string, b: URL): boolean {
  const url = new URL(a);
  return url.origin === b.origin && url.pathname.replace(/\/+$/, '') === b.pathname.replace(/\/+$/, '');
}

/** The app's environment for this base URL (same origin and path), if it has one. */
export function appEnvironmentFor(dataDir: string, baseUrl: URL): Environment | undefined {
  return appEnvironments(dataDir).find((environment) => sameService(environment.baseUrl, baseUrl));
}
