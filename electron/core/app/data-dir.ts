import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where TitleDesk keeps its journal and settings outside Electron (which uses userData):
 * TITLEDESK_DATA_DIR when set, otherwise the platform's usual place for application data.
 */
export function defaultDataDir(env: Readonly<Record<string, string | undefined>> = process.env, platform: NodeJS.Platform = process.platform): string {
  const explicit = env['TITLEDESK_DATA_DIR']?.trim();
  if (explicit !== undefined && explicit !== '') return explicit;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'TitleDesk');
  if (platform === 'win32') return join(env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'TitleDesk');
  const dataHome = env['XDG_DATA_HOME']?.trim();
  return join(dataHome !== undefined && dataHome !== '' ? dataHome : join(homedir(), '.local', 'share'), 'titledesk');
}
