import Conf from 'conf';
import { FileSettingsStore } from './file-settings-store.ts';

/** Settings in `<cwd>/settings.json` through conf, for the CLI, the browser-mode host and tests. */
export class ConfSettingsStore extends FileSettingsStore {
  constructor(cwd: string) {
    super(cwd, 'settings', () => new Conf({ cwd, configName: 'settings', projectName: 'titledesk' }));
  }
}
