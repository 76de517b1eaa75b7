/**
 * The secret values this process is using (access, refresh and ID tokens, client secrets,
 * provider keys), registered by the code that sends them, so any text from a service or a
 * provider can be cleaned of them (redaction.ts). One registry per process rather than per
 * environment: an error is cleaned where it is made, which seldom knows its environment, and
 * masking another environment's secret costs nothing.
 */

/** Shorter values would mask ordinary words; real secrets are far longer. */
export const minSecretLength = 6;

// Old tokens stay masked for a while after they are replaced, but the set cannot grow for ever.
const capacity = 512;
const values = new Set<string>();
let longestFirst: readonly string[] | undefined;

function remember(value: string): void {
  values.delete(value);
  values.add(value);
  if (values.size > capacity) {
    const oldest = values.values().next().value;
    if (oldest !== undefined) values.delete(oldest);
  }
}

/** A secret as sent and as a service may echo it back: verbatim, URL-encoded and form-encoded. */
function spellings(value: string): string[] {
  const form = new URLSearchParams([['', value]]).toString().slice(1);
  return [...new Set([value, encodeURIComponent(value), form])];
}

/** Registers a secret now in use; undefined and too-short values are ignored. */
export function registerLiveSecret(value: string | undefined): void {
  if (value === undefined || value.length < minSecretLength) return;
  for (const spelling of spellings(value)) remember(spelling);
  longestFirst = undefined;
}

/** The registered values, longest first so that one containing another is masked whole. */
export function liveSecrets(): readonly string[] {
  longestFirst ??= [...values].sort((a, b) => b.length - a.length);
  return longestFirst;
}
