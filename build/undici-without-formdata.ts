/**
 * Stands in for undici's FormData support (web/fetch/formdata, web/webidl, web/fetch/body) in
 * the desktop bundle; vite.config.ts aliases the three paths here. undici loads them only
 * when a request body is a FormData, and core sends strings (JSON and form-encoded text), so
 * the ~70 KB of the fetch layer they pull in would never run. A FormData body is refused.
 */
import { refuseInBundle } from './stand-in-refusal.ts';

function refuse(): never {
  return refuseInBundle('FormData request bodies are not bundled in the desktop app.');
}

export const webidl = { is: { FormData: (): boolean => false } };
export const extractBody = refuse;
export const FormData = undefined;
