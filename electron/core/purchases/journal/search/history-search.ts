import type { SQLInputValue } from 'node:sqlite';
import { searchBacklogTable, searchTable, variableNamesTable, variablesTable, variableTimesTable } from './history-search-schema.ts';

/**
 * Free-text history search over title number, purchase id and variable IRIs without a
 * LIKE '%…%' scan of every row (tables: history-search-schema.ts):
 * - title numbers and purchase ids through their FTS5 trigram index, and the purchases of its
 *   backlog (written since the index last took them in: search-backlog.ts);
 * - variables: the distinct IRIs through theirs (a first, small query), then each matching
 *   variable's purchases in order of creation, from an index.
 *
 * Each way of matching gives (created_at, rowid) pairs in order, and the newest page is merged
 * from them, so a variable in thousands of purchases costs a page, not a sort of thousands.
 *
 * The indexes only narrow the candidates: the text is then matched with the same LIKE conditions
 * as a scan would, so results are exactly those of the scan (the trigram match folds case for all
 * of Unicode while LIKE folds ASCII only, and asks for three of a longer text's trigrams rather than
 * all of them in a row: trigramQuery; so the candidates are a superset).
 */

/** LIKE treats % and _ as wildcards: a user's text must match literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** An FTS5 phrase: the text as one quoted string, so none of it is read as query syntax. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

// The trigram tokenizer cannot look up fewer than three characters.
const shortestIndexed = 3;

/** How many of a longer text's trigrams the index is asked for (trigramQuery). */
const trigramsAsked = 3;

/**
 * The FTS5 query for a text of at least three characters: for a longer text, three of its
 * trigrams spread along it (first, middle, last), each a phrase of its own and all required. For a
 * phrase FTS5 reads the doclist of every trigram in it; three narrow the candidates almost as far
 * in far less time (docs/decisions/journal/009-history-search-and-summaries.md#three-trigrams).
 * Whatever they let through, the LIKE conditions after still decide.
 */
export function trigramQuery(text: string): string {
  // The tokenizer counts code points, as Array.from does.
  const characters = Array.from(text);
  const trigrams = characters.length - 2;
  if (trigrams <= trigramsAsked) return phrase(text);
  const starts = [0, Math.floor((trigrams - 1) / 2), trigrams - 1];
  return starts.map((start) => phrase(characters.slice(start, start + 3).join(''))).join(' AND ');
}

export interface Filters {
  /** Conditions on a purchases row, unqualified. */
  readonly conditions: readonly string[];
  readonly parameters: readonly SQLInputValue[];
}

export interface CandidateQuery {
  /** A compound SELECT of (ordered_at, purchase_rowid), one arm per way of matching. */
  readonly sql: string;
  readonly parameters: SQLInputValue[];
}

/** The distinct variable IRIs that contain the text (LIKE, as a scan would; the trigram index narrows them first). */
export function variablesContaining(text: string): { sql: string; parameters: SQLInputValue[] } {
  const pattern = likePattern(text);
  if (Array.from(text).length < shortestIndexed) return { sql: `SELECT variable FROM ${variablesTable} WHERE variable LIKE ? ESCAPE '\\'`, parameters: [pattern] };
  return { sql: `SELECT variable FROM ${variableNamesTable} WHERE ${variableNamesTable} MATCH ? AND variable LIKE ? ESCAPE '\\'`, parameters: [trigramQuery(text), pattern] };
}

// Up to this many variables, each gets an arm of its own, read newest first from the index;
// beyond it (a short or common text) their purchases are collected and sorted in one arm.
const armsPerVariable = 8;

/** Each matching variable's purchases as (created_at, rowid), newest first. */
function variableArms(variables: readonly string[], filters: Filters): { arms: string[]; parameters: SQLInputValue[] } {
  if (variables.length === 0) return { arms: [], parameters: [] };
  const also = filters.conditions.map((condition) => ` AND ${condition}`).join('');
  const filtered = filters.conditions.length === 0 ? '' : ` AND EXISTS (SELECT 1 FROM purchases WHERE purchases.rowid = ${variableTimesTable}.purchase_rowid${also})`;
  const arm = (match: string): string => `SELECT created_at, purchase_rowid FROM ${variableTimesTable} WHERE ${match}${filtered}`;
  if (variables.length > armsPerVariable) {
    return { arms: [arm('variable IN (SELECT value FROM json_each(?))')], parameters: [JSON.stringify(variables), ...filters.parameters] };
  }
  return { arms: variables.map(() => arm('variable = ?')), parameters: variables.flatMap((variable) => [variable, ...filters.parameters]) };
}

/**
 * The purchases a text matches, with the other filters applied in every arm: the purchase's own
 * id exactly, or the text anywhere in its title, purchase id or one of `variables` (those that
 * contain the text: variablesContaining).
 */
export function textCandidates(text: string, filters: Filters, variables: readonly string[]): CandidateQuery {
  const pattern = likePattern(text);
  const also = filters.conditions.map((condition) => ` AND ${condition}`).join('');
  const indexed = Array.from(text).length >= shortestIndexed;
  const fields = `(title_number LIKE ? ESCAPE '\\' OR purchase_id LIKE ? ESCAPE '\\')`;
  const byId = `SELECT created_at AS ordered_at, rowid AS purchase_rowid FROM purchases WHERE id = ?${also}`;
  // Too short for the index: title and purchase id are scanned.
  const byFields = indexed
    ? `SELECT created_at, rowid FROM purchases WHERE rowid IN (SELECT rowid FROM ${searchTable} WHERE ${searchTable} MATCH ? UNION ALL SELECT purchase_rowid FROM ${searchBacklogTable}) AND ${fields}${also}`
    : `SELECT created_at, rowid FROM purchases WHERE ${fields}${also}`;
  const byVariable = variableArms(variables, filters);
  return {
    sql: [byId, byFields, ...byVariable.arms].join(' UNION '),
    parameters: [
      text, ...filters.parameters,
      ...(indexed ? [trigramQuery(text)] : []), pattern, pattern, ...filters.parameters,
      ...byVariable.parameters,
    ],
  };
}
