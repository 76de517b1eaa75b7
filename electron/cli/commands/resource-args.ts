import { parseAddressKey } from '../../../shared/property/address-key.ts';
import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import { titleNumberRefusal, titleNumberSchema } from '../../../shared/property/title-number.ts';
import { UsageError } from '../command-kit.ts';

/** The options that name what a command buys from or lists: a title, a postal address or a UPRN. */
export const resourceOptions = {
  title: { type: 'string' },
  address: { type: 'string' },
  uprn: { type: 'string' },
} as const;

export const resourceUsage = '--title T | --address KEY | --uprn N';

export const addressKeyWords = 'a property address key is the base36 UDPRN, a middle dot (·, U+00B7) and the base36 UMRRN, such as 8e05p·0 (or percent-encoded, 8e05p%C2%B70)';

/** An address key as typed: the middle dot itself or percent-encoded, in either case. */
export function parseAddressArg(value: string, option = '--address'): CatalogResource & { kind: 'address' } {
  let key = value.trim().toLowerCase();
  if (key.includes('%')) {
    try {
      key = decodeURIComponent(key);
    } catch {
      // Not valid percent-encoding: refused below like any other malformed key.
    }
  }
  if (parseAddressKey(key) === undefined) throw new UsageError(`${option} ${JSON.stringify(value.slice(0, 40))} is not an address key: ${addressKeyWords}`);
  return { kind: 'address', key };
}

export function parseUprnArg(value: string): CatalogResource & { kind: 'spatial' } {
  const key = value.trim();
  if (!/^[1-9]\d{0,11}$/.test(key)) throw new UsageError(`--uprn ${JSON.stringify(value.slice(0, 40))} is not a UPRN: a UPRN is a number of up to 12 digits, such as 100023336956`);
  return { kind: 'spatial', key };
}

/**
 * Exactly one of --title, --address or --uprn, checked as the service's paths need it (a title's
 * characters and length, an address key's two base36 parts, a UPRN's digits): a typing slip is a
 * usage error (exit 2) before anything is asked or sent.
 */
export function parseResourceArgs(values: Readonly<Record<string, unknown>>): CatalogResource {
  const given = (['title', 'address', 'uprn'] as const).filter((name) => values[name] !== undefined);
  if (given.length === 0) throw new UsageError(`what to buy from is required: give exactly one of ${resourceUsage}`);
  if (given.length > 1) throw new UsageError(`give exactly one of ${resourceUsage} (got ${given.map((name) => `--${name}`).join(' and ')})`);
  const text = values[given[0] ?? 'title'];
  if (typeof text !== 'string' || text.trim() === '') throw new UsageError(`--${given[0] ?? 'title'} needs a value`);
  if (given[0] === 'address') return parseAddressArg(text);
  if (given[0] === 'uprn') return parseUprnArg(text);
  const title = titleNumberSchema.safeParse(text);
  if (!title.success) throw new UsageError(`--title: ${titleNumberRefusal}`);
  return { kind: 'title', key: title.data };
}
