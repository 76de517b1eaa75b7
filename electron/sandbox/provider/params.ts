import { accountErrorFor } from './account-errors.ts';
import { providerKeys } from './keys.ts';
import { invalidParametersError, unknownKeyError, type ProviderErrorItem } from './errors.ts';

/** Loqate treats parameter names case-insensitively (the seed itself writes `ID`), so names are folded. */
export type ProviderParams = ReadonlyMap<string, string>;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ProviderErrorItem };

export function readParams(url: URL): Parsed<ProviderParams> {
  const params = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    const folded = name.toLowerCase();
    // Two values for one name would make the answer depend on which one we happened to read.
    if (params.has(folded)) return { ok: false, error: invalidParametersError(`The ${name} parameter was supplied more than once.`) };
    params.set(folded, value);
  }
  return { ok: true, value: params };
}

export interface KeyGrant {
  readonly multiResidency: boolean;
}

export function checkKey(params: ProviderParams): Parsed<KeyGrant> {
  const key = params.get('key') ?? '';
  if (key === providerKeys.key) return { ok: true, value: { multiResidency: true } };
  if (key === providerKeys.keyWithoutMultiResidency) return { ok: true, value: { multiResidency: false } };
  // The account error keys (expired, out of credit, limits, …) answer Find and Retrieve alike.
  return { ok: false, error: accountErrorFor(key) ?? unknownKeyError };
}

/** A non-empty parameter value, or undefined when absent or blank. */
export function optionalText(params: ProviderParams, name: string): string | undefined {
  const value = params.get(name.toLowerCase())?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export const defaultLimit = 10;
export const maxLimit = 100;

export function parseLimit(params: ProviderParams): Parsed<number> {
  const text = optionalText(params, 'Limit');
  if (text === undefined) return { ok: true, value: defaultLimit };
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1) {
    return { ok: false, error: invalidParametersError('The Limit parameter must be a whole number of at least 1.') };
  }
  return { ok: true, value: Math.min(Number(text), maxLimit) };
}

/** Countries is a comma-separated list of ISO codes; an absent list means every country. */
export function parseCountries(params: ProviderParams): Parsed<readonly string[] | undefined> {
  const text = optionalText(params, 'Countries');
  if (text === undefined) return { ok: true, value: undefined };
  const codes = text.split(',').map((code) => code.trim().toUpperCase());
  if (codes.some((code) => !/^[A-Z]{2,3}$/.test(code))) {
    return { ok: false, error: invalidParametersError('The Countries parameter must list ISO 2 or 3 letter country codes.') };
  }
  return { ok: true, value: codes };
}

export function parseFlag(params: ProviderParams, name: string): Parsed<boolean> {
  const text = optionalText(params, name)?.toLowerCase();
  if (text === undefined || text === 'false') return { ok: true, value: false };
  if (text === 'true') return { ok: true, value: true };
  return { ok: false, error: invalidParametersError(`The ${name} parameter must be true or false.`) };
}
