import { renameSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import { parseSettings, type LoadedSettings, type Settings, type SettingsStore } from './settings-store.ts';

const configName = 'settings';

/**
 * Settings in `<cwd>/settings.json` through conf, for the CLI, the browser-mode host and tests.
 * A file that is not JSON at all is moved aside (kept for the user, not deleted) and defaults
 * are used, with the reason reported by load().
 */
export class ConfSettingsStore implements SettingsStore {
  readonly path: string;
  readonly #conf: Conf;
  readonly #openProblem: string | undefined;

  constructor(cwd: string) {
    this.path = join(cwd, `${configName}.json`);
    let problem: string | undefined;
    let conf: Conf;
    try {
      conf = this.#open(cwd);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      const aside = join(cwd, `${configName}.corrupt-${Date.now()}.json`);
      renameSync(this.path, aside);
      problem = `The settings file was not valid JSON; it was moved to ${aside} and defaults are used.`;
      conf = this.#open(cwd);
    }
    this.#conf = conf;
    this.#openProblem = problem;
  }

  #open(cwd: string): Conf {
    return new Conf({ cwd, configName, projectName: 'titledesk' });
  }

  load(): LoadedSettings {
    let raw: unknown;
    try {
      raw = this.#conf.store;
    } catch {
      return { ...parseSettings({}), problem: 'The settings file could not be read; defaults are used.' };
    }
    const loaded = parseSettings(raw);
    const problems = [this.#openProblem, loaded.problem].filter((text) => text !== undefined);
    return { settings: loaded.settings, problem: problems.length === 0 ? undefined : problems.join(' ') };
  }

  save(settings: Settings): void {
    this.#conf.store = {
      environments: settings.environments,
      selectedEnvironmentId: settings.selectedEnvironmentId,
      advanced: settings.advanced,
    };
  }
}
