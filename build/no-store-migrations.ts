/**
 * Stands in for semver in the desktop bundle (build/main-bundle-options.ts aliases it here).
 * conf, which keeps the main process's files, compares versions only to run store migrations, and TitleDesk's
 * settings store has none: whatever the file holds is parsed with zod on every load. About
 * 28 KB of main.js; any use throws at once rather than skipping a migration.
 */
import { refuseInBundle } from './stand-in-refusal.ts';

function refuse(): never {
  return refuseInBundle('Settings-store migrations are not bundled in the desktop app.');
}

export default new Proxy({}, { get: () => refuse });
