import type { SandboxAddress, SandboxTitle } from '../world/types.ts';
import { hashString, pickInt, pickOne, randomFor } from '../seeded.ts';
import type { Variable } from './catalog.ts';
import type { ValueKind } from './value-kinds.ts';

/**
 * What a value may depend on besides the variable: what it is bought about (`id`: a title's
 * number, `address:8e05p·0`, `spatial:…`), the title when it is one, and its address when it has one.
 */
export interface ValueSubject {
  readonly seed: number;
  readonly id: string;
  readonly title?: SandboxTitle;
  readonly address?: SandboxAddress;
}

function isoDate(random: () => number, fromYear: number, toYear: number): string {
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear, 11, 31);
  const day = pickInt(random, 0, Math.floor((end - start) / 86_400_000));
  return new Date(start + day * 86_400_000).toISOString().slice(0, 10);
}

/** For a title tied to no address, address fields are still plausible and stable. */
function addressField(field: 'uprn' | 'udprn' | 'umrrn' | 'postcode' | 'city', subject: ValueSubject): string {
  const { address } = subject;
  if (address !== undefined) {
    if (field === 'uprn') return address.uprn;
    if (field === 'udprn') return String(address.udprn);
    if (field === 'umrrn') return String(address.umrrn);
    return field === 'postcode' ? address.postcode : address.city;
  }
  const hash = hashString(`${subject.seed}:${subject.id}:${field}`);
  if (field === 'uprn') return String(100_000_000_000 + hash);
  if (field === 'udprn') return String(10_000_000 + (hash % 89_999_999));
  if (field === 'umrrn') return '0';
  return field === 'postcode' ? 'LS23 6TR' : 'WETHERBY';
}

function generate(kind: ValueKind, random: () => number, subject: ValueSubject): string {
  switch (kind.kind) {
    case 'int':
      return String(pickInt(random, kind.min, kind.max));
    case 'money':
      return String(kind.min + kind.step * pickInt(random, 0, Math.floor((kind.max - kind.min) / kind.step)));
    case 'decimal':
      return (kind.min + random() * (kind.max - kind.min)).toFixed(kind.places);
    case 'date':
      return isoDate(random, kind.fromYear, kind.toYear);
    case 'band':
      return pickOne(random, kind.values);
    case 'bool':
      return random() < kind.trueShare ? 'true' : 'false';
    case 'address':
      return addressField(kind.field, subject);
    case 'tenure':
      // Only titles' catalogs sell a tenure; an address's has none of its own.
      return subject.title?.tenure ?? 'Freehold';
  }
}

/** The value of a variable for a subject: the same for the same seed, subject and variable, always. */
export function valueOf(variable: Variable, subject: ValueSubject): string {
  return generate(variable.row.value, randomFor(subject.seed, subject.id, variable.key), subject);
}
