import Conf from 'conf';
import { privateFileMode } from '../../core/files/private-files.ts';
import type { SettingsStore } from '../../core/settings/settings-store.ts';
import { openSettingsFile } from './settings-file-opening.ts';

/**
 * Settings in `<userData>/settings.json`. Through conf itself, not electron-store: electron-store
 * (conf plus Electron's paths) also answers an IPC message from any page with no sender check,
 * and every path here is given.
 */
export function openElectronSettingsStore(userDataDir: string, log: (message: string) => void): SettingsStore {
  return openSettingsFile({ folder: userDataDir, open: () => new Conf({ cwd: userDataDir, configName: 'settings', projectName: 'titledesk', configFileMode: privateFileMode }), log });
}
