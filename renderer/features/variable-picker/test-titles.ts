import { isStringArray, readPreference, writePreference } from '../common/local-preference.ts';

const storageKey = 'titledesk.marked-test-titles';

/** Titles the user marked as test titles, for which a test delay may be asked. */
export function loadMarkedTestTitles(): Set<string> {
  return new Set(readPreference(storageKey, (value) => (isStringArray(value) ? value : undefined), []));
}

export function saveMarkedTestTitles(titles: ReadonlySet<string>): void {
  writePreference(storageKey, [...titles]);
}
