import type { CatalogSourceGroup, CatalogVariable, TitleCatalog } from '../../../shared/catalog/catalog.ts';

/** What the picker reads of a catalog, whichever resource it is of (a title, an address, a UPRN). */
export type PickerCatalog = Pick<TitleCatalog, 'groups' | 'variableCount' | 'unreadable'>;
import { variableIdentity } from '../../../shared/catalog/iri.ts';
import type { Money } from '../../../shared/purchase/purchase.ts';
import { sumMoney } from '../common/money.ts';

/**
 * A variable named without the service base and in one form whatever identifier its catalog uses
 * ("WhenFresh/Address#…/Postcode"): presets and pasted lists then match a catalog of either shape
 * whatever environment (and sandbox port) they came from.
 */
export function variableKey(iri: string): string {
  return variableIdentity(iri);
}

export function sourceGroupId(group: Pick<CatalogSourceGroup, 'provider' | 'source'>): string {
  return `${group.provider}/${group.source}`;
}

export function allVariables(catalog: PickerCatalog): CatalogVariable[] {
  return catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables));
}

/**
 * The catalog narrowed to variables matching every word of the filter, in name, provider,
 * source or scheme path. Empty groups are left out.
 */
export function filterCatalog(catalog: PickerCatalog, filter: string): CatalogSourceGroup[] {
  const words = filter.toLowerCase().split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return catalog.groups;
  const matches = (variable: CatalogVariable): boolean => {
    const haystack = [variable.name, variable.provider, variable.source, ...variable.schemePath].join(' ').toLowerCase();
    return words.every((word) => haystack.includes(word));
  };
  return catalog.groups
    .map((group) => ({
      ...group,
      schemes: group.schemes
        .map((scheme) => ({ ...scheme, variables: scheme.variables.filter(matches) }))
        .filter((scheme) => scheme.variables.length > 0),
    }))
    .filter((group) => group.schemes.length > 0);
}

export function groupVariables(group: CatalogSourceGroup): CatalogVariable[] {
  return group.schemes.flatMap((scheme) => scheme.variables);
}

/** Selects every variable given, or clears them all when every one is already selected. */
export function toggleAll(selected: ReadonlySet<string>, variables: readonly CatalogVariable[]): Set<string> {
  const next = new Set(selected);
  const everySelected = variables.length > 0 && variables.every((variable) => selected.has(variable.iri));
  for (const variable of variables) {
    if (everySelected) next.delete(variable.iri);
    else next.add(variable.iri);
  }
  return next;
}

export type GroupCheck = 'none' | 'some' | 'all';

export function groupCheck(selected: ReadonlySet<string>, variables: readonly CatalogVariable[]): GroupCheck {
  const count = variables.filter((variable) => selected.has(variable.iri)).length;
  if (count === 0) return 'none';
  return count === variables.length ? 'all' : 'some';
}

export interface SelectionSummary {
  readonly count: number;
  readonly totals: Money[];
  /** Selected IRIs in catalog order, as they will be sent. */
  readonly iris: string[];
}

export function summarise(catalog: PickerCatalog, selected: ReadonlySet<string>): SelectionSummary {
  const chosen = allVariables(catalog).filter((variable) => selected.has(variable.iri));
  return { count: chosen.length, totals: sumMoney(chosen.map((variable) => variable.price)), iris: chosen.map((variable) => variable.iri) };
}

export interface KeyMatch {
  readonly matched: string[];
  /** What matched nothing in this catalog, as given. */
  readonly unknown: string[];
}

/** The catalog IRIs for a list of IRIs or keys (whatever base they were written with). */
export function matchKeys(catalog: PickerCatalog, entries: readonly string[]): KeyMatch {
  const byKey = new Map(allVariables(catalog).map((variable) => [variableKey(variable.iri), variable.iri]));
  const matched: string[] = [];
  const unknown: string[] = [];
  for (const entry of entries) {
    const iri = byKey.get(variableKey(entry));
    if (iri === undefined) unknown.push(entry);
    else if (!matched.includes(iri)) matched.push(iri);
  }
  return { matched, unknown };
}

/**
 * A pasted list: one IRI per line. IRIs hold spaces (and could hold commas), so only line
 * breaks separate them; surrounding quotes and list punctuation from a spreadsheet are dropped.
 */
export function parseIriList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^["'<]+|["'>,;]+$/g, '').trim())
    .filter((line) => line !== '');
}
