import { renameSync } from 'node:fs';
import { join } from 'node:path';
import ElectronStore from 'electron-store';
import { parseSettings, type LoadedSettings, type Settings, type SettingsStore } from '../core/settings/settings-store.ts';

const storeName = 'settings';

/**
 * Settings in `<userData>/settings.json` through electron-store (conf underneath, atomic writes).
 * Whatever the file holds goes through parseSettings, so a hand-edited file never stops the app;
 * a file that is not JSON at all is moved aside, kept for the user, and defaults are used.
 */
export class ElectronSettingsStore implements SettingsStore {
  readonly path: string;
  readonly #store: ElectronStore;
  readonly #openProblem: string | undefined;

  constructor(userDataDir: string) {
    this.path = join(userDataDir, `${storeName}.json`);
    let problem: string | undefined;
    let store: ElectronStore;
    try {
      store = this.#open(userDataDir);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      const aside = join(userDataDir, `${storeName}.corrupt-${Date.now()}.json`);
      renameSync(this.path, aside);
      problem = `The settings file was not valid JSON; it was moved to ${aside} and defaults are used.`;
      store = this.#open(userDataDir);
    }
    this.#store = store;
    this.#openProblem = problem;
  }

  #open(cwd: string): ElectronStore {
    return new ElectronStore({ cwd, name: storeName });
  }

  load(): LoadedSettings {
    let raw: unknown;
    try {
      raw = this.#store.store;
    } catch {
      return { ...parseSettings({}), problem: 'The settings file could not be read; defaults are used.' };
    }
    const loaded = parseSettings(raw);
    const problems = [this.#openProblem, loaded.problem].filter((text) => text !== undefined);
    return { settings: loaded.settings, problem: problems.length === 0 ? undefined : problems.join(' ') };
  }

  save(settings: Settings): void {
    this.#store.store = {
      environments: settings.environments,
      selectedEnvironmentId: settings.selectedEnvironmentId,
      advanced: settings.advanced,
    };
  }
}
