import ElectronStore from 'electron-store';
import { FileSettingsStore } from '../core/settings/file-settings-store.ts';

/** Settings in `<userData>/settings.json` through electron-store, which only runs inside Electron. */
export class ElectronSettingsStore extends FileSettingsStore {
  constructor(userDataDir: string) {
    super(userDataDir, 'settings', () => new ElectronStore({ cwd: userDataDir, name: 'settings' }));
  }
}
