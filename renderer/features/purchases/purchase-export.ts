import { csvDocument, neutraliseCsvText } from '../../../shared/files/csv.ts';
import { resourceOfPurchase } from '../../../shared/catalog/catalog-resource.ts';
import type { PurchaseRecord, ResultItem } from '../../../shared/purchase/purchase.ts';

// Resource and Resource key: the catalog bought from (title, address or spatial, and its title
// number, address key or UPRN), so rows bought from an address read apart from a title's.
const csvHeader = [
  'Title', 'Resource', 'Resource key', 'Address', 'Purchase ID', 'Purchased at', 'Environment', 'Variable', 'Provider', 'Source', 'Scheme path', 'Value', 'Price', 'Currency',
  'Ontology type', 'Variable IRI',
];

/** The rows of one purchase: one per purchased value, each saying which purchase it came from. */
function purchaseRows(record: PurchaseRecord, environmentName: string): string[][] {
  const purchasedAt = new Date(record.createdAt).toISOString();
  const resource = resourceOfPurchase(record);
  return (record.items ?? []).map((item) => [
    record.titleNumber ?? '',
    resource?.kind ?? '',
    resource?.key ?? '',
    record.address ?? '',
    record.purchaseId ?? '',
    purchasedAt,
    environmentName,
    item.name,
    item.provider,
    item.source,
    item.schemePath.join(' / '),
    item.value,
    String(item.price.value),
    item.price.currency,
    item.ontologyType,
    item.variable,
  ]);
}

/** One row per purchased value of every purchase given (values as the service sent them, formulas neutralised). */
export function purchasesCsv(records: readonly PurchaseRecord[], environmentName?: string): string {
  return csvDocument([csvHeader, ...records.flatMap((record) => purchaseRows(record, environmentName ?? record.environmentId))]);
}

export function purchaseCsv(record: PurchaseRecord, environmentName?: string): string {
  return purchasesCsv([record], environmentName);
}

/** What a support colleague needs to see about a purchase, nothing internal. */
export function purchaseJson(record: PurchaseRecord): string {
  const { id, titleNumber, address, purchaseId, resultUrl, state, createdAt, updatedAt, variables, items, totals, error, timeline } = record;
  const resource = resourceOfPurchase(record);
  return JSON.stringify({ id, titleNumber, resource, address, purchaseId, resultUrl, state, createdAt, updatedAt, variables, items, totals, error, timeline }, null, 2);
}

export function exportFileName(record: PurchaseRecord, extension: 'csv' | 'json'): string {
  const resource = resourceOfPurchase(record);
  const name = [resource === undefined ? undefined : resource.kind === 'title' ? resource.key : `${resource.kind}-${resource.key}`, record.purchaseId ?? record.id].filter((part) => part !== undefined).join('-');
  return `titledesk-${name.replace(/[^A-Za-z0-9._-]+/g, '_')}.${extension}`;
}

/**
 * The results table as tab-separated text, which a spreadsheet pastes into cells: values as the
 * service sent them, a tab or line break inside one made a space, formulas neutralised.
 */
export function valuesTsv(items: readonly ResultItem[]): string {
  const cell = (text: string): string => neutraliseCsvText(text.replace(/[\t\r\n]+/g, ' '));
  const rows = [
    ['Variable', 'Provider', 'Value', 'Price', 'Currency'],
    ...items.map((item) => [item.name, item.provider, item.value, String(item.price.value), item.price.currency]),
  ];
  return `${rows.map((row) => row.map(cell).join('\t')).join('\n')}\n`;
}
