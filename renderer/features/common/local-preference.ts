/**
 * Small UI preferences kept in localStorage (never anything secret). Reading is defensive: the
 * stored text is outside data, so it is parsed by the caller's guard and dropped when it fails.
 */
export function readPreference<T>(key: string, parse: (value: unknown) => T | undefined, fallback: T): T {
  try {
    const text = window.localStorage.getItem(key);
    if (text === null) return fallback;
    const value: unknown = JSON.parse(text);
    return parse(value) ?? fallback;
  } catch {
    return fallback;
  }
}

export function writePreference(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the preference lasts for this session only.
  }
}

export function forgetPreference(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: there is nothing to forget.
  }
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
