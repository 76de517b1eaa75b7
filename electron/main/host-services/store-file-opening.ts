import { existsSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * How the main process opens a conf file store: a damaged file never stops
 * a start. conf does not clear an invalid file by default and throws SyntaxError for one that is
 * empty or not JSON; such a file is moved aside (kept for the user) and the store opened afresh.
 * Any other failure (unreadable, a folder in its place) leaves the caller without a store, on
 * defaults for the session. Each case is one line in the log. No electron import: runs in Node.
 */
export function openStoreFile<T>(options: { readonly path: string; readonly open: () => T; readonly log: (message: string) => void }): T | undefined {
  try {
    return options.open();
  } catch (error) {
    if (!(error instanceof SyntaxError) || !existsSync(options.path)) {
      logUnopened(options, error);
      return undefined;
    }
    const aside = asidePath(options.path);
    try {
      renameSync(options.path, aside);
    } catch (renameError) {
      logUnopened(options, renameError);
      return undefined;
    }
    options.log(`${options.path} was not valid JSON; it was moved to ${aside} and defaults are used.`);
    try {
      return options.open();
    } catch (again) {
      logUnopened(options, again);
      return undefined;
    }
  }
}

/** `<name>.corrupt-<ms>.json` beside the file, as the core's settings store names one. */
export function asidePath(path: string): string {
  return join(dirname(path), `${basename(path, '.json')}.corrupt-${Date.now()}.json`);
}

function logUnopened(options: { readonly path: string; readonly log: (message: string) => void }, error: unknown): void {
  options.log(`${options.path} could not be opened (${reasonOf(error)}); defaults are used and nothing is saved to it this session.`);
}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
