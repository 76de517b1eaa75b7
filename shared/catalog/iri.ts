import { z } from 'zod';

/**
 * Variable and ontology IRIs of the service. They hold spaces and non-ASCII characters and are
 * sent back verbatim, so these functions only split text: no URL parsing or normalisation that
 * could re-encode a character.
 */

/**
 * A variable identifier taken apart. Two forms are in use: `{base}/vars/{provider}/{source}#{scheme}/
 * {taxonomy}/{classification}/{name}` (the purchasing guide), and the older one of the Catalog and
 * Variable reference pages, `{base}/variable/{provider}/{source}/{…}/{name}/provenance/{…}`.
 */
export interface VariableIri {
  readonly iri: string;
  readonly base: string;
  /** What comes between the base and the rest: `/vars/`, or `/variable/` for the older form. */
  readonly marker: '/vars/' | '/variable/';
  readonly provider: string;
  readonly source: string;
  /** Every fragment segment but the name, starting with the scheme: what the catalog groups by. */
  readonly schemePath: readonly string[];
  readonly name: string;
}

/** `{base}/ontologies/{scheme}/{taxonomy}#{classification}/{name}` taken apart. */
export interface OntologyIri {
  readonly iri: string;
  readonly base: string;
  readonly scheme: string;
  readonly taxonomy: string;
  readonly classification: readonly string[];
  readonly name: string;
}

const maxIriLength = 2048;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const controlCharacters = /[\u0000-\u001f\u007f]/;
const baseShape = /^https?:\/\/[^/?#\s]+(?:\/[^?#]*)?$/;

interface Split {
  readonly base: string;
  readonly pathSegments: readonly string[];
  readonly fragmentSegments: readonly string[];
}

/** Splits at the marker (`/vars/`, `/ontologies/`) and the first `#`; undefined when any part is empty. */
function split(iri: string, marker: string): Split | undefined {
  if (iri.length > maxIriLength || controlCharacters.test(iri)) return undefined;
  const hash = iri.indexOf('#');
  if (hash < 0) return undefined;
  const before = iri.slice(0, hash);
  const at = before.lastIndexOf(marker);
  if (at < 0) return undefined;
  const base = before.slice(0, at);
  if (!baseShape.test(base)) return undefined;
  const pathSegments = before.slice(at + marker.length).split('/');
  const fragmentSegments = iri.slice(hash + 1).split('/');
  const blank = (segment: string): boolean => segment.trim() === '';
  if (pathSegments.some(blank) || fragmentSegments.some(blank)) return undefined;
  return { base, pathSegments, fragmentSegments };
}

/**
 * The same IRIs come back in every catalog and every result, and a batch preview took each of
 * them apart twice per title. Parsed IRIs are kept (frozen, shared) up to a bound; past it the memo
 * starts again, so a stream of distinct IRIs costs no more memory
 * (docs/decisions/017-parsed-iris-kept.md).
 */
const memoLimit = 4096;

function memoized<T>(parse: (iri: string) => T): (iri: string) => T {
  let known = new Map<string, T>();
  return (iri) => {
    const hit = known.get(iri);
    if (hit !== undefined || known.has(iri)) return hit as T;
    const parsed = parse(iri);
    if (known.size >= memoLimit) known = new Map();
    known.set(iri, parsed);
    return parsed;
  };
}

export const parseVariableIri: (iri: string) => VariableIri | undefined = memoized(variableIriParts);

/**
 * What a variable is called wherever it is shown: its IRI's own name in either form (never the
 * provenance that ends the older form), or the whole text when it is not a variable IRI, so
 * nothing bought goes unnamed. Parsed IRIs are kept, so a long list can ask for every row.
 */
export function variableName(iri: string): string {
  return parseVariableIri(iri)?.name ?? iri;
}

export const parseOntologyIri: (iri: string) => OntologyIri | undefined = memoized(ontologyIriParts);

function variableIriParts(iri: string): VariableIri | undefined {
  const parts = split(iri, '/vars/');
  if (parts === undefined) return olderVariableIriParts(iri);
  const [provider, ...sourceParts] = parts.pathSegments;
  const name = parts.fragmentSegments.at(-1);
  if (provider === undefined || sourceParts.length === 0 || name === undefined || parts.fragmentSegments.length < 2) {
    return undefined;
  }
  return Object.freeze({
    iri,
    base: parts.base,
    marker: '/vars/',
    provider,
    source: sourceParts.join('/'),
    schemePath: Object.freeze(parts.fragmentSegments.slice(0, -1)),
    name,
  });
}

const olderMarker = '/variable/';
const provenanceMarker = '/provenance/';

/**
 * `{base}/variable/{provider}/{source}/{…path}/{name}[/provenance/{…}]`: the variable's type is
 * everything before `/provenance/`; what follows names where the data came from and is part of
 * the identifier only (sent back whole, never shown as the name).
 */
function olderVariableIriParts(iri: string): VariableIri | undefined {
  if (iri.length > maxIriLength || controlCharacters.test(iri) || iri.includes('#')) return undefined;
  const at = iri.indexOf(olderMarker);
  if (at < 0) return undefined;
  const base = iri.slice(0, at);
  if (!baseShape.test(base)) return undefined;
  const rest = iri.slice(at + olderMarker.length);
  const provenance = rest.indexOf(provenanceMarker);
  const typePath = provenance < 0 ? rest : rest.slice(0, provenance);
  const segments = typePath.split('/');
  if (segments.some((segment) => segment.trim() === '') || segments.length < 3) return undefined;
  if (provenance >= 0 && rest.slice(provenance + provenanceMarker.length).split('/').some((segment) => segment.trim() === '')) return undefined;
  const [provider = '', source = ''] = segments;
  return Object.freeze({
    iri,
    base,
    marker: '/variable/',
    provider,
    source,
    schemePath: Object.freeze(segments.slice(2, -1)),
    name: segments.at(-1) ?? '',
  });
}

function ontologyIriParts(iri: string): OntologyIri | undefined {
  const parts = split(iri, '/ontologies/');
  if (parts === undefined) return undefined;
  const [scheme, ...taxonomyParts] = parts.pathSegments;
  const name = parts.fragmentSegments.at(-1);
  if (scheme === undefined || taxonomyParts.length === 0 || name === undefined) return undefined;
  return Object.freeze({
    iri,
    base: parts.base,
    scheme,
    taxonomy: taxonomyParts.join('/'),
    classification: Object.freeze(parts.fragmentSegments.slice(0, -1)),
    name,
  });
}

/**
 * A variable written from its marker on (`/vars/…` or the older `/variable/…`) means the service's
 * own variable: the base is put in front. What scripts need against the built-in sandbox, whose
 * port changes every run. Anything else is kept exactly as written.
 */
export function withServiceBase(baseUrl: string, entry: string): string {
  return entry.startsWith('/vars/') || entry.startsWith('/variable/') ? `${baseUrl.replace(/\/+$/, '')}${entry}` : entry;
}

// Stands in for a service's base when a key (an IRI without its base) is read: never sent anywhere.
const keyBase = 'https://key.invalid';

/**
 * What names a variable whatever form its identifier takes: `{provider}/{source}#{scheme}/…/{name}`,
 * the form presets and saved selections are kept in. A whole IRI of either form, or a key of
 * either form (`Zoopla/Property Data#Market/…`, `Zoopla/Property Data/Market/…/provenance/…`), gives
 * the same identity for the same variable, so a preset finds its variables in a catalog of either
 * shape; what is sent is always the catalog's own identifier. Text that is none of these is its own identity.
 */
export function variableIdentity(entry: string): string {
  const parsed = parseVariableIri(entry) ?? parseVariableIri(`${keyBase}/vars/${entry}`) ?? parseVariableIri(`${keyBase}/variable/${entry}`);
  return parsed === undefined ? entry : `${parsed.provider}/${parsed.source}#${[...parsed.schemePath, parsed.name].join('/')}`;
}

/** A variable IRI as a schema, for IPC payloads and service responses; the string is kept as given. */
export const variableIriSchema = z
  .string()
  .max(maxIriLength)
  .refine((value) => parseVariableIri(value) !== undefined, { message: 'Not a variable IRI ({base}/vars/{provider}/{source}#{scheme}/…/{name}, or {base}/variable/{provider}/{source}/…/{name}/provenance/…).' });

export const ontologyIriSchema = z
  .string()
  .max(maxIriLength)
  .refine((value) => parseOntologyIri(value) !== undefined, { message: 'Not an ontology IRI ({base}/ontologies/{scheme}/{taxonomy}#…/{name}).' });
