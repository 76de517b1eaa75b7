/**
 * Stands in for ajv and ajv-formats in the desktop bundle (vite.config.ts aliases them here).
 * conf, which keeps the main process's files, imports them at load time but builds a validator only when given
 * a schema, and TitleDesk gives none: its settings are parsed with zod (FileSettingsStore). The
 * real ajv would add about 270 KB of never-run code to main.js. Should a schema ever be passed,
 * this fails at once instead of silently skipping validation.
 */
import { refuseInBundle } from './stand-in-refusal.ts';

function refuse(): never {
  return refuseInBundle('JSON-schema validation is not bundled in the desktop app: settings are checked with zod, not a conf schema.');
}

// conf calls `new Ajv2020(…)`: a function that throws is constructible enough.
export const Ajv2020 = function Ajv2020(): never {
  return refuse();
};

// conf reads `ajvFormatsModule.default` only once it is building a validator.
export default { default: refuse };
