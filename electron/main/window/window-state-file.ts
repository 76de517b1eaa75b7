import { join } from 'node:path';
import { openStoreFile, reasonOf } from '../host-services/store-file-opening.ts';
import type { WindowState } from './window-state.ts';

/** What conf offers for one key. */
export interface KeyValueStore {
  get(key: 'window'): unknown;
  set(key: 'window', value: WindowState): void;
}

export interface WindowStateFile {
  /** What was saved, unparsed (restoreWindowState parses it); undefined when nothing could be read. */
  load(): unknown;
  save(state: WindowState): void;
}

/**
 * `<folder>/window-state.json`. Remembering the window is a convenience: neither reading nor
 * writing it ever throws (a start, a close or a signal must go on); a failure is a line in the log
 * and the default size next time.
 */
export function windowStateFile(options: { readonly folder: string; readonly open: () => KeyValueStore; readonly log: (message: string) => void }): WindowStateFile {
  const path = join(options.folder, 'window-state.json');
  // Opened once: a file that could not be opened is not tried again (nor logged again) this session.
  let store: { readonly file: KeyValueStore | undefined } | undefined;
  const opened = (): KeyValueStore | undefined => (store ??= { file: openStoreFile({ path, open: options.open, log: options.log }) }).file;
  return {
    load() {
      try {
        return opened()?.get('window');
      } catch (error) {
        options.log(`The window's last size could not be read from ${path} (${reasonOf(error)}); the default size is used.`);
        return undefined;
      }
    },
    save(state) {
      try {
        opened()?.set('window', state);
      } catch (error) {
        options.log(`The window's size could not be saved to ${path} (${reasonOf(error)}).`);
      }
    },
  };
}
