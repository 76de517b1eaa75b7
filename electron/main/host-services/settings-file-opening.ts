import { join } from 'node:path';
import { FileSettingsStore, type JsonFileStore } from '../../core/settings/file-settings-store.ts';
import type { LoadedSettings, SettingsStore } from '../../core/settings/settings-store.ts';
import { reasonOf } from './store-file-opening.ts';

/**
 * The main process's settings: `<folder>/settings.json` through the given conf-style store. A file
 * that is not JSON is moved aside by FileSettingsStore; one that cannot be opened at all (unreadable,
 * a folder in its place, a move refused) leaves the app on defaults for the session instead of
 * stopping its start. Either way the problem is logged and shown with the settings.
 */
export function openSettingsFile(options: { readonly folder: string; readonly open: () => JsonFileStore; readonly log: (message: string) => void }): SettingsStore {
  let store: SettingsStore;
  try {
    store = new FileSettingsStore(options.folder, 'settings', options.open);
  } catch (error) {
    const problem = `The settings file ${join(options.folder, 'settings.json')} could not be opened (${reasonOf(error)}); defaults are used and changes last until TitleDesk closes.`;
    store = sessionOnly(options.folder, problem);
  }
  const { problem } = store.load();
  if (problem !== undefined) options.log(problem);
  return store;
}

/** Settings kept in memory, with the reason always shown beside them. */
function sessionOnly(folder: string, problem: string): SettingsStore {
  const memory = new FileSettingsStore(folder, 'settings', () => ({ store: {} }));
  return {
    load(): LoadedSettings {
      const loaded = memory.load();
      return { settings: loaded.settings, problem: [problem, loaded.problem].filter((text) => text !== undefined).join(' ') };
    },
    save(settings) {
      memory.save(settings);
    },
  };
}
