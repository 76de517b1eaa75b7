/**
 * History's search inside the journal's file: FTS5 trigram indexes of title numbers, purchase ids
 * and variable names, each purchase's summary row, and the backlog through which the title index
 * takes in new purchases in bulk.
 *
 * Promises: every exact filter and the newest page are read from an index, never by scanning
 * every row; a purchase written a moment ago is found (the backlog is searched too).
 */
export { buildHistorySelect, type HistoryColumn } from './history-query.ts';
export { summaryInFlightStates } from './history-search-schema.ts';
export { textCandidates, trigramQuery, variablesContaining } from './history-search.ts';
export { SearchBacklog } from './search-backlog.ts';
