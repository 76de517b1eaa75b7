/**
 * The Prefer and Preference-Applied headers (RFC 7240). Both sides use this module: the sandbox
 * to read what a client asked for, the client to build its Prefer header and read what was applied.
 *
 *   preference = token [ BWS "=" BWS word ] *( OWS ";" [ OWS parameter ] )
 *   parameter  = token [ BWS "=" BWS word ]
 *   word       = token / quoted-string
 */
import { HeaderCursor } from './header-cursor.ts';

export interface PreferenceParameter {
  /** Lower-cased: preference and parameter names are case-insensitive. */
  readonly name: string;
  /** Undefined when absent or empty: RFC 7240 treats an empty value as no value. */
  readonly value?: string;
}

export interface Preference extends PreferenceParameter {
  readonly parameters: readonly PreferenceParameter[];
}

const wholeToken = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** `name [= word]`; returns undefined when malformed. Empty values count as absent. */
function readNameValue(cursor: HeaderCursor): PreferenceParameter | undefined {
  const name = cursor.readToken();
  if (name === undefined) return undefined;
  const save = cursor.at;
  cursor.skipWhitespace();
  if (cursor.peek() !== '=') {
    cursor.at = save;
    return { name: name.toLowerCase() };
  }
  cursor.at += 1;
  cursor.skipWhitespace();
  const quoted = cursor.peek() === '"';
  const value = quoted ? cursor.readQuoted() : cursor.readToken();
  // `name=` with nothing after it is read leniently as no value; an unterminated quote is malformed.
  if (value === undefined) return quoted ? undefined : { name: name.toLowerCase() };
  return value === '' ? { name: name.toLowerCase() } : { name: name.toLowerCase(), value };
}

function readPreference(cursor: HeaderCursor): Preference | undefined {
  const head = readNameValue(cursor);
  if (head === undefined) return undefined;
  const parameters: PreferenceParameter[] = [];
  for (;;) {
    cursor.skipWhitespace();
    if (cursor.peek() !== ';') break;
    cursor.at += 1;
    cursor.skipWhitespace();
    // A trailing ";" with no parameter is allowed by the grammar.
    if (cursor.atEnd() || cursor.peek() === ',' || cursor.peek() === ';') continue;
    const parameter = readNameValue(cursor);
    if (parameter === undefined) return undefined;
    parameters.push(parameter);
  }
  cursor.skipWhitespace();
  if (!cursor.atEnd() && cursor.peek() !== ',') return undefined;
  return { ...head, parameters };
}

function parseOne(header: string, into: Preference[]): void {
  const cursor = new HeaderCursor(header);
  while (!cursor.atEnd()) {
    cursor.skipWhitespace();
    if (cursor.peek() === ',') {
      cursor.at += 1; // empty list elements are allowed and ignored
      continue;
    }
    if (cursor.atEnd()) break;
    const preference = readPreference(cursor);
    // A malformed element is ignored on its own, like any preference the server does not know.
    if (preference === undefined) cursor.skipElement();
    else into.push(preference);
  }
}

/**
 * All preferences from one or several Prefer (or Preference-Applied) header values, in order.
 * When a preference appears more than once only the first counts (RFC 7240 §2), so later
 * duplicates are dropped here.
 */
export function parsePrefer(headers: string | readonly string[] | null | undefined): Preference[] {
  const values = headers === null || headers === undefined ? [] : typeof headers === 'string' ? [headers] : headers;
  const all: Preference[] = [];
  for (const value of values) parseOne(value, all);
  const seen = new Set<string>();
  return all.filter((preference) => {
    if (seen.has(preference.name)) return false;
    seen.add(preference.name);
    return true;
  });
}

export function findPreference(preferences: readonly Preference[], name: string): Preference | undefined {
  const wanted = name.toLowerCase();
  return preferences.find((preference) => preference.name === wanted);
}

/** A delay in whole seconds ("wait", "service.min-wait", Retry-After): digits only, no sign. */
export function parseDelaySeconds(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^[0-9]{1,9}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

function formatWord(value: string): string {
  if (wholeToken.test(value)) return value;
  return `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/** Serialises preferences for a Prefer or Preference-Applied header: `respond-async, wait=0`. */
export function formatPreferences(preferences: readonly { name: string; value?: string | number }[]): string {
  return preferences
    .map(({ name, value }) => (value === undefined ? name : `${name}=${formatWord(String(value))}`))
    .join(', ');
}
