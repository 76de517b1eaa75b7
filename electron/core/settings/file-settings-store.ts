import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { parseSettings, type LoadedSettings, type Settings, type SettingsStore } from './settings-store.ts';
import { setOversizedSettingsAside } from './settings-size.ts';

/** What conf offers: the whole file as one object. */
export interface JsonFileStore {
  store: Record<string, unknown>;
}

/**
 * Settings kept in `<folder>/<name>.json` through a conf-style store (atomic writes). Whatever
 * the file holds goes through parseSettings, so a hand-edited file never stops TitleDesk; a file
 * that is not JSON at all, or is over 1 MiB, is moved aside, kept for the user, and defaults are
 * used.
 */
export class FileSettingsStore implements SettingsStore {
  readonly path: string;
  readonly #file: JsonFileStore;
  readonly #openProblem: string | undefined;

  constructor(folder: string, name: string, open: () => JsonFileStore) {
    this.path = join(folder, `${name}.json`);
    // Size first: an oversized file is never read, not even to find it is JSON.
    const oversized = setOversizedSettingsAside(folder, name);
    let problem = oversized?.problem;
    let file: JsonFileStore;
    try {
      file = oversized?.keepInMemory === true ? { store: {} } : open();
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      const aside = join(folder, `${name}.corrupt-${Date.now()}.json`);
      renameSync(this.path, aside);
      problem = `The settings file was not valid JSON; it was moved to ${aside} and defaults are used.`;
      file = open();
    }
    this.#file = file;
    this.#openProblem = problem;
  }

  load(): LoadedSettings {
    let raw: unknown;
    try {
      raw = this.#file.store;
    } catch {
      return { ...parseSettings({}), problem: 'The settings file could not be read; defaults are used.' };
    }
    const loaded = parseSettings(raw);
    const problems = [this.#openProblem, loaded.problem].filter((text) => text !== undefined);
    return { settings: loaded.settings, problem: problems.length === 0 ? undefined : problems.join(' ') };
  }

  save(settings: Settings): void {
    this.#file.store = {
      environments: settings.environments,
      selectedEnvironmentId: settings.selectedEnvironmentId,
      advanced: settings.advanced,
      ...(settings.purchasing === undefined ? {} : { purchasing: settings.purchasing }),
      ...(settings.presets === undefined ? {} : { presets: settings.presets }),
      ...(settings.team === undefined ? {} : { team: settings.team }),
    };
  }
}
