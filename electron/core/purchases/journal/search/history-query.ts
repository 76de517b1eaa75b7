import type { SQLInputValue } from 'node:sqlite';
import type { HistoryQuery } from '../../../../../shared/purchase/purchase.ts';
import { normalizeTitleNumber } from '../../../../../shared/property/title-number.ts';
import { resourceColumn } from '../journal-rows.ts';
import { summariesTable, summaryOf } from './history-search-schema.ts';
import { textCandidates, type Filters } from './history-search.ts';

/** What a History page reads of each purchase: its whole record, or its summary (history-search-schema.ts). */
export type HistoryColumn = 'record' | 'summary';

/** The summary kept for the purchase with this rowid; null for a purchase in flight, which has none. */
const storedSummary = (rowid: string): string => `(SELECT summary FROM ${summariesTable} WHERE purchase_rowid = ${rowid})`;

const selected: Record<HistoryColumn, string> = {
  record: 'record',
  // A subquery rather than a join: the page is chosen from purchases' indexes, and only its
  // rows are looked up. A purchase in flight has no summary: its record is read and cut here.
  summary: `coalesce(${storedSummary('purchases.rowid')}, ${summaryOf('record')}) AS record`,
};

/**
 * The same, for a page of text matches chosen first (`page`: ordered_at, purchase_rowid). Each
 * purchase is read by its rowid only for what is selected, so a purchase with a summary is left
 * unread and the page comes quicker
 * (docs/decisions/journal/009-history-search-and-summaries.md#summaries).
 */
const selectedForPage: Record<HistoryColumn, string> = {
  record: '(SELECT record FROM purchases WHERE rowid = page.purchase_rowid) AS record',
  summary: `coalesce(${storedSummary('page.purchase_rowid')}, (SELECT ${summaryOf('record')} FROM purchases WHERE rowid = page.purchase_rowid)) AS record`,
};

/** The exact filters, as conditions on a purchases row with placeholders only: query values never become SQL. */
function exactFilters(query: HistoryQuery): Filters {
  const conditions: string[] = [];
  const parameters: SQLInputValue[] = [];
  const add = (condition: string, value: SQLInputValue): void => {
    conditions.push(condition);
    parameters.push(value);
  };
  if (query.titleNumber !== undefined) add('title_number = ?', normalizeTitleNumber(query.titleNumber));
  // The same column holds every catalog's key (journal-rows.ts), so its index serves this too.
  if (query.resource !== undefined) add('title_number = ?', resourceColumn(query.resource.kind === 'title' ? { kind: 'title', key: normalizeTitleNumber(query.resource.key) } : query.resource));
  if (query.purchaseId !== undefined) add('purchase_id = ?', query.purchaseId.trim());
  if (query.variable !== undefined) add('id IN (SELECT purchase_local_id FROM purchase_variables WHERE variable = ?)', query.variable);
  if (query.status !== undefined) add('state = ?', query.status);
  if (query.environmentId !== undefined) add('environment_id = ?', query.environmentId);
  if (query.from !== undefined) add('created_at >= ?', query.from);
  if (query.to !== undefined) add('created_at <= ?', query.to);
  return { conditions, parameters };
}

/**
 * A page of the history, newest first (ties: the later row first). Exact filters use the indexes,
 * which also give the order (journal-rows.ts); `text` is a substring match over title, purchase
 * id and variables (history-search.ts): the page is chosen among the matches' (created_at,
 * rowid) pairs first, and only its purchases are read, in that order. `column` names what is read of each.
 */
export function buildHistorySelect(query: HistoryQuery, variablesContaining: (text: string) => readonly string[], column: HistoryColumn = 'record'): { sql: string; parameters: SQLInputValue[] } {
  const filters = exactFilters(query);
  const page = [query.limit ?? 100, query.offset ?? 0];
  const order = 'ORDER BY created_at DESC, rowid DESC';
  const text = query.text?.trim();
  if (text === undefined || text.length === 0) {
    const where = filters.conditions.length === 0 ? '' : `WHERE ${filters.conditions.join(' AND ')} `;
    return { sql: `SELECT ${selected[column]} FROM purchases ${where}${order} LIMIT ? OFFSET ?`, parameters: [...filters.parameters, ...page] };
  }
  const candidates = textCandidates(text, filters, variablesContaining(text));
  // A match's ordered_at is its purchase's created_at, which never changes once inserted: the
  // journal's rewrites set only the title, purchase ID, state, times, record and result (journal.ts).
  return {
    sql: `SELECT ${selectedForPage[column]} FROM (${candidates.sql} ORDER BY 1 DESC, 2 DESC LIMIT ? OFFSET ?) AS page ORDER BY page.ordered_at DESC, page.purchase_rowid DESC`,
    parameters: [...candidates.parameters, ...page],
  };
}
