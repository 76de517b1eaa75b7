import type { HistoryExport, ImportSummary } from '../../../../shared/purchase/journal.ts';
import { purchaseRecordSchema, type PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import type { Clock } from '../../concurrency/clock.ts';
import type { JournalStore } from '../../stores/journal-store.ts';
import { recoverInterrupted } from '../recovery/recovery.ts';

/** The whole history, records with their results exactly as received, in one document. */
export function exportHistory(store: JournalStore, clock: Clock): HistoryExport {
  const purchases: HistoryExport['purchases'] = [];
  for (const row of store.rows()) {
    let record: unknown;
    try {
      record = JSON.parse(row.record);
    } catch {
      continue;
    }
    purchases.push({ record, result: row.result });
  }
  return { format: 'titledesk-history', version: 1, exportedAt: clock.now(), purchases };
}

/**
 * An imported purchase is history, never an order: it is marked imported (so neither Send now,
 * Buy again nor a start ever sends it), it is not followed on its own, and one that was on its
 * way when exported becomes not sent or outcome unknown by its sending mark.
 */
function asImported(record: PurchaseRecord): PurchaseRecord {
  const settled = record.state === 'submitting' ? recoverInterrupted(record) : record;
  return { ...settled, imported: true, autoCheck: false };
}

export function importHistory(store: JournalStore, document: HistoryExport): ImportSummary {
  let imported = 0;
  let alreadyPresent = 0;
  let unreadable = 0;
  for (const entry of document.purchases) {
    const parsed = purchaseRecordSchema.safeParse(entry.record);
    if (!parsed.success) {
      unreadable += 1;
      continue;
    }
    if (store.insertIfAbsent(asImported(parsed.data), entry.result)) imported += 1;
    else alreadyPresent += 1;
  }
  return { imported, alreadyPresent, unreadable };
}
