import type { BatchItem, BatchSpec } from '../../../shared/purchase/batch.ts';
import { describeResource } from '../../../shared/catalog/catalog-resource.ts';
import { parseVariableIri, variableName } from '../../../shared/catalog/iri.ts';
import type { Money } from '../../../shared/purchase/purchase.ts';
import { MoneyTally } from '../spending/money.ts';

/** One output line as the CLI's --json and the JSON export give it. */
export interface BatchOutputRow {
  readonly row: number;
  readonly input: Record<string, string>;
  readonly titleNumber: string | null;
  /** The address or UPRN the line bought from, in a batch bought from those catalogs. */
  readonly resource?: { readonly kind: 'address' | 'spatial'; readonly key: string };
  readonly tenure: string | null;
  readonly state: BatchItem['state'];
  readonly purchaseId: string | null;
  readonly reused: boolean;
  readonly total: Money[];
  readonly values: Record<string, string>;
  readonly reason: string | null;
  /** Set when another team purchase holds the line's variables: its desk and team purchase id (nothing was sent for the line). */
  readonly heldBy?: { readonly desk: string; readonly teamPurchaseId: string };
}

export interface BatchDocument {
  readonly batchId: string;
  readonly rows: BatchOutputRow[];
  /**
   * Lines by outcome. `reused` counts every line that reused at least one value (the rows whose
   * `reused` is true), so a line that bought some values and reused others counts in `bought` too.
   */
  readonly totals: { bought: number; reused: number; refused: number; failed: number; spent: Record<string, number> };
  readonly stoppedBy: 'budget' | null;
}

/** Bought, reused, both or neither: what the "reused or bought" column says. */
export function acquisitionOf(item: BatchItem): string {
  const reused = Object.keys(item.reused).length > 0;
  const bought = item.state === 'available';
  if (bought && reused) return 'bought and reused';
  if (bought) return 'bought';
  return reused && (item.state === 'reused' || item.state === 'available') ? 'reused' : '';
}

/**
 * A variable's column header: its name, or, when two chosen variables share a name, its IRI from
 * the provider on (after `/vars/` or the older `/variable/`), which tells them apart.
 */
export function variableHeaders(variables: readonly string[]): string[] {
  const names = variables.map(variableName);
  return variables.map((iri, index) => {
    const name = names[index] ?? iri;
    return names.filter((other) => other === name).length > 1 ? afterMarker(iri) : name;
  });
}

/** The IRI without its base and marker; the whole text when it is not a variable IRI. */
function afterMarker(iri: string): string {
  const parsed = parseVariableIri(iri);
  return parsed === undefined ? iri : iri.slice(parsed.base.length + parsed.marker.length);
}

function formatTotal(total: readonly Money[]): { amount: number | string; currency: string } {
  if (total.length === 1 && total[0] !== undefined) return { amount: total[0].value, currency: total[0].currency };
  return { amount: total.map((money) => String(money.value)).join('; '), currency: total.map((money) => money.currency).join('; ') };
}

/**
 * The table every export writes: the input's own columns first, then what the batch added, with
 * the reason a line was refused or failed. An input column already named `title_number` is the
 * title itself: it is not repeated (two columns of one name break spreadsheets and scripts).
 */
export function outputTable(spec: BatchSpec, items: readonly BatchItem[]): { header: string[]; rows: (string | number)[][] } {
  const titleColumn = !spec.columns.includes('title_number');
  // A batch bought from addresses' or UPRNs' catalogs says which each line bought from ("address 8e05p·0").
  const fromColumn = spec.from !== undefined && spec.from !== 'titles';
  const header = [...spec.columns, ...(titleColumn ? ['title_number'] : []), ...(fromColumn ? ['bought_from'] : []), 'tenure', 'state', 'purchase_id', 'price_total', 'currency', 'reused_or_bought', 'reason', ...variableHeaders(spec.variables)];
  const rows = items.map((item) => {
    const total = formatTotal(item.total);
    return [
      ...spec.columns.map((column) => item.input[column] ?? ''),
      ...(titleColumn ? [item.titleNumber ?? ''] : []),
      ...(fromColumn ? [item.resource === undefined ? (item.titleNumber === null ? '' : `title ${item.titleNumber}`) : describeResource(item.resource)] : []),
      item.tenure ?? '',
      item.state,
      item.purchaseId ?? '',
      total.amount,
      total.currency,
      acquisitionOf(item),
      item.reason ?? '',
      ...spec.variables.map((variable) => item.values[variable] ?? ''),
    ];
  });
  return { header, rows };
}

export function batchDocument(batchId: string, stoppedBy: 'budget' | null, items: readonly BatchItem[], spent: readonly Money[]): BatchDocument {
  const count = (...states: BatchItem['state'][]): number => items.filter((item) => states.includes(item.state)).length;
  const spentMap = Object.fromEntries(new MoneyTally().add(spent).list().map((money) => [money.currency, money.value]));
  return {
    batchId,
    rows: items.map((item) => ({
      row: item.row,
      input: item.input,
      titleNumber: item.titleNumber,
      ...(item.resource === undefined ? {} : { resource: item.resource }),
      tenure: item.tenure,
      state: item.state,
      purchaseId: item.purchaseId,
      reused: Object.keys(item.reused).length > 0,
      total: item.total,
      values: item.values,
      reason: item.reason,
      ...(item.heldBy === undefined ? {} : { heldBy: { desk: item.heldBy.desk, teamPurchaseId: item.heldBy.teamPurchaseId } }),
    })),
    totals: { bought: count('available'), reused: items.filter((item) => Object.keys(item.reused).length > 0).length, refused: count('refused'), failed: count('failed', 'unknown'), spent: spentMap },
    stoppedBy,
  };
}

/**
 * Returned prices of what a batch bought (a line's total less what it reused), plus catalog
 * prices of lines still open or of unknown outcome. From the lines alone: this runs on every
 * progress event, so it must not read thousands of purchase records.
 */
export function batchSpent(items: readonly BatchItem[]): Money[] {
  const tally = new MoneyTally();
  for (const item of items) {
    if (item.state === 'available') {
      tally.add(item.total);
      for (const reused of Object.values(item.reused)) tally.add({ ...reused.price, value: -reused.price.value });
    } else if (item.state === 'sending' || item.state === 'pending' || item.state === 'unknown') tally.add(item.cost);
  }
  return tally.list().filter((money) => money.value !== 0);
}
