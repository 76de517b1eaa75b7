import type { PurchaseRecord } from '../../../shared/purchase.ts';
import type { PropertyReport, PropertyReportRequest, ReportRow, ReportTitle, ReportValue } from '../../../shared/report.ts';
import { normalizeTitleNumber } from '../../../shared/title-number.ts';
import type { PurchaseService } from '../purchases/purchase-service.ts';

const pageSize = 1000;

/** Every available purchase of one title on one environment, page by page from the journal. */
function availablePurchases(purchases: PurchaseService, environmentId: string, titleNumber: string): PurchaseRecord[] {
  const all: PurchaseRecord[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = purchases.list({ titleNumber, environmentId, status: 'available', limit: pageSize, offset });
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
  return { titleNumber, ...(tenure === undefined ? {} : { tenure }), rows, purchaseCount: records.length };
}

/** The property report of one or more titles (an address's titles) on one environment. */
export function propertyReport(purchases: PurchaseService, environmentId: string, request: PropertyReportRequest, now = Date.now()): PropertyReport {
  const seen = new Set<string>();
  const titles: ReportTitle[] = [];
  for (const { titleNumber, tenure } of request.titles) {
    const normalized = normalizeTitleNumber(titleNumber);
    if (seen.has(normalized)) continue;
    seen.add(normalized);
    titles.push(titleReport(availablePurchases(purchases, environmentId, normalized), normalized, tenure));
  }
  return { environmentId, ...(request.address === undefined ? {} : { address: request.address }), titles, generatedAt: now };
}
