import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import type { PurchaseRecord, PurchaseResource } from '../../../shared/purchase/purchase.ts';
import type { PropertyReport, PropertyReportRequest, ReportResource, ReportRow, ReportTitle, ReportValue } from '../../../shared/purchase/report.ts';
import { normalizeTitleNumber } from '../../../shared/property/title-number.ts';
import type { PurchaseService } from '../purchases/purchase-service.ts';

const pageSize = 1000;

/** Every available purchase from one catalog (a title's, an address's, a UPRN's) on one environment, page by page from the journal. */
function availablePurchases(purchases: PurchaseService, environmentId: string, resource: CatalogResource): PurchaseRecord[] {
  const all: PurchaseRecord[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = purchases.list({ resource, environmentId, status: 'available', limit: pageSize, offset });
    all.push(...page);
    if (page.length < pageSize) return all;
  }
}

/**
 * Every value bought for a title, grouped by variable: the latest with its date, price and
 * purchase ID, older ones newest first. A purchase's date is when it was made; two purchases
 * made at the same millisecond keep the journal's order.
 */
export function titleReport(records: readonly PurchaseRecord[], titleNumber: string, tenure?: string): ReportTitle {
  const rows = reportRows(records);
  return { titleNumber, ...(tenure === undefined ? {} : { tenure }), rows, purchaseCount: records.length };
}

/** The rows of every value bought from an address's own catalog or its UPRN's, as a title's. */
export function resourceReport(records: readonly PurchaseRecord[], resource: PurchaseResource): ReportResource {
  return { resource, rows: reportRows(records), purchaseCount: records.length };
}

function reportRows(records: readonly PurchaseRecord[]): ReportRow[] {
  const byVariable = new Map<string, { row: Omit<ReportRow, 'latest' | 'older'>; values: ReportValue[] }>();
  const newestFirst = [...records].sort((a, b) => b.createdAt - a.createdAt);
  for (const record of newestFirst) {
    for (const item of record.items ?? []) {
      let entry = byVariable.get(item.variable);
      if (entry === undefined) {
        entry = { row: { variable: item.variable, name: item.name, schemePath: item.schemePath, ontologyType: item.ontologyType }, values: [] };
        byVariable.set(item.variable, entry);
      }
      const purchaseId = record.purchaseId === undefined ? {} : { purchaseId: record.purchaseId };
      entry.values.push({ value: item.value, price: item.price, localId: record.id, boughtAt: record.createdAt, ...purchaseId });
    }
  }
  const rows: ReportRow[] = [];
  for (const { row, values } of byVariable.values()) {
    const [latest, ...older] = values;
    if (latest !== undefined) rows.push({ ...row, latest, older });
  }
  rows.sort((a, b) => a.schemePath.join('/').localeCompare(b.schemePath.join('/')) || a.name.localeCompare(b.name));
  return rows;
}

/** The property report of one or more titles (an address's titles), and of its own and its UPRN's catalogs when named, on one environment. */
export function propertyReport(purchases: PurchaseService, environmentId: string, request: PropertyReportRequest, now = Date.now()): PropertyReport {
  const seen = new Set<string>();
  const titles: ReportTitle[] = [];
  for (const { titleNumber, tenure } of request.titles) {
    const normalized = normalizeTitleNumber(titleNumber);
    if (seen.has(normalized)) continue;
    seen.add(normalized);
    titles.push(titleReport(availablePurchases(purchases, environmentId, { kind: 'title', key: normalized }), normalized, tenure));
  }
  // An address card's report: what was bought from the address's own catalog and its UPRN's, each apart from its titles'.
  const resources = request.resources?.map((resource) => resourceReport(availablePurchases(purchases, environmentId, resource), resource));
  return { environmentId, ...(request.address === undefined ? {} : { address: request.address }), titles, ...(resources === undefined ? {} : { resources }), generatedAt: now };
}
