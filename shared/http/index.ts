/**
 * HTTP header grammar both sides share (the sandbox reads what a client sent, the client reads what
 * the service answered). What it promises:
 *
 * - Headers are read to their RFCs and never throw: a cursor over one list-of-elements value
 *   (header-cursor.ts), Prefer and Preference-Applied (prefer.ts), Cache-Control (cache-control.ts)
 *   and Retry-After with HTTP-dates by their own grammar, never Date.parse (retry-after.ts).
 */
export { type CacheControl, freshnessSeconds, parseCacheControl, parseDirectives } from './cache-control.ts';
export { HeaderCursor } from './header-cursor.ts';
export { findPreference, formatPreferences, parseDelaySeconds, parsePrefer, type Preference, type PreferenceParameter } from './prefer.ts';
export { parseHttpDate, parseRetryAfter, retryAfterDelayMs } from './retry-after.ts';
