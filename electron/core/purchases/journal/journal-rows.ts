import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import type { JournalNotice } from '../../../../shared/purchase/journal.ts';
import type { PurchaseRecord, PurchaseSummary } from '../../../../shared/purchase/purchase.ts';
import { resourceOfPurchase, type CatalogResource } from '../../../../shared/catalog/catalog-resource.ts';
import { purchaseRecordSchema, purchaseSummarySchema } from '../../../../shared/purchase/purchase.ts';

// Reading the journal's rows back without trusting them (its tables: migrations/0001-purchases.ts).

const recordRowSchema = z.object({ record: z.string() });
const idRecordRowSchema = z.object({ id: z.string(), record: z.string() });

export type { JournalWrite } from '../../stores/journal-store.ts';

/**
 * What the title_number column holds for a resource: a title's number, or the kind and key of
 * another catalog (`address:8e05p·0`, `spatial:100023336956`). A title number never holds a colon,
 * so a title's lookups never meet these; its index serves reuse of any resource, and History's
 * text search over the column finds an address key or a UPRN.
 */
export function resourceColumn(resource: CatalogResource): string {
  return resource.kind === 'title' ? resource.key : `${resource.kind}:${resource.key}`;
}

/** The title_number column of a purchase's row; null for one that names no catalog (joined by check). */
export function resourceColumnOf(record: Pick<PurchaseRecord, 'titleNumber' | 'resource'>): string | null {
  if (record.resource === undefined) return record.titleNumber ?? null;
  const resource = resourceOfPurchase(record);
  return resource === undefined ? null : resourceColumn(resource);
}

function parseRow<T>(row: unknown, schema: z.ZodType<T>): T | undefined {
  const parsedRow = recordRowSchema.safeParse(row);
  if (!parsedRow.success) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(parsedRow.data.record);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** A row read back is outside input too: parse it, and skip (not crash on) one that does not fit. */
export function parseRecord(row: unknown): PurchaseRecord | undefined {
  return parseRow(row, purchaseRecordSchema);
}

/** A History summary read back (history-search-schema.ts), parsed as a record is. */
export function parseSummary(row: unknown): PurchaseSummary | undefined {
  return parseRow(row, purchaseSummarySchema);
}

/** Rows whose record cannot be parsed are left untouched, and said: never skipped in silence. */
export function unreadableRecordsNotice(db: DatabaseSync, path: string): JournalNotice | undefined {
  let total = 0;
  const unreadable: string[] = [];
  for (const row of db.prepare('SELECT id, record FROM purchases').iterate()) {
    total += 1;
    const parsed = idRecordRowSchema.safeParse(row);
    if (!parsed.success || parseRecord(parsed.data) === undefined) unreadable.push(parsed.success ? parsed.data.id : '?');
  }
  if (unreadable.length === 0) return undefined;
  const shown = unreadable.slice(0, 5).join(', ');
  return {
    kind: 'unreadable_records',
    message: `${unreadable.length} of ${total} purchases in the journal could not be read and are not shown (${shown}${unreadable.length > 5 ? ', …' : ''}). ` +
      `They were left untouched in ${path}.`,
    path,
  };
}
