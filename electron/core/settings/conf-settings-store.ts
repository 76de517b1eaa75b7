import Conf from 'conf';
import { privateFileMode } from '../files/private-files.ts';
import { FileSettingsStore } from './file-settings-store.ts';

/** Settings in `<cwd>/settings.json` through conf, for the CLI, the browser-mode host and tests; 0600 like every data file. */
export class ConfSettingsStore extends FileSettingsStore {
  constructor(cwd: string) {
    super(cwd, 'settings', () => new Conf({ cwd, configName: 'settings', projectName: 'titledesk', configFileMode: privateFileMode }));
  }
}
