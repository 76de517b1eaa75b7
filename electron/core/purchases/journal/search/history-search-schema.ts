import { purchaseRecordSchema, purchaseSummarySchema, type PurchaseRecord } from '../../../../../shared/purchase/purchase.ts';

/**
 * The tables behind free-text history search (history-search.ts), kept in step with the journal
 * by triggers, so no write path of the journal has to know about them. They are made, and filled
 * from the rows already there, by the journal's migrations 0002 and 0003 (../migrations/).
 *
 * Rows are tied to their purchase by rowid: the journal never VACUUMs, which may renumber
 * rowids; should it start to, drop these tables and the migration rebuilds them.
 */
export const searchTable = 'purchase_search';
export const variablesTable = 'purchase_search_variables';
export const variableNamesTable = 'purchase_variable_search';
export const variableTimesTable = 'purchase_variable_times';
export const summariesTable = 'purchase_summaries';
export const searchBacklogTable = 'purchase_search_backlog';

/**
 * Each purchase as History's rows show it (PurchaseSummary): its record without the timeline, the
 * values and the fields that change while it is followed, about a quarter of its bytes. A few
 * small rows to a page, read by rowid, where whole records spread over pages and overflow pages.
 *
 * Written by triggers, only for purchases that are neither being sent nor followed: those are
 * rewritten many times a second at scale (an intent, a 303, each 202), and History reads their few
 * records whole instead (history-query.ts), so the hot writes never parse a record in SQLite. The
 * rewrite after a 202 sets only the record and its time, and fires nothing. A record that is not
 * JSON gets no summary (NULL) instead of failing the write that stores it: reading it back skips
 * it, as it does the record. The fields left out are read from the two schemas, so that SQL and
 * zod never disagree.
 */
const summaryOmits = Object.keys(purchaseRecordSchema.shape).filter((field) => !(field in purchaseSummarySchema.shape));
export const summaryOf = (record: string): string =>
  `iif(json_valid(${record}), json_remove(${record}, ${summaryOmits.map((field) => `'$.${field}'`).join(', ')}), NULL)`;
/** Purchases being sent or followed: they have no summary (their few records are read whole). */
export const summaryInFlightStates: readonly PurchaseRecord['state'][] = ['submitting', 'pending'];
export const inFlightStateList = `(${summaryInFlightStates.map((state) => `'${state}'`).join(', ')})`;
