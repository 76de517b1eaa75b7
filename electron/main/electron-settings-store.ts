import ElectronStore from 'electron-store';
import { privateFileMode } from '../core/files/private-files.ts';
import type { SettingsStore } from '../core/settings/settings-store.ts';
import { openSettingsFile } from './settings-file-opening.ts';

/** Settings in `<userData>/settings.json` through electron-store, which only runs inside Electron. */
export function openElectronSettingsStore(userDataDir: string, log: (message: string) => void): SettingsStore {
  return openSettingsFile({ folder: userDataDir, open: () => new ElectronStore({ cwd: userDataDir, name: 'settings', configFileMode: privateFileMode }), log });
}
