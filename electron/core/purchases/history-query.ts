import type { SQLInputValue } from 'node:sqlite';
import type { HistoryQuery } from '../../../shared/purchase.ts';
import { normalizeTitleNumber } from '../../../shared/title-number.ts';
import { textSearchClause } from './history-search.ts';

/**
 * The WHERE clause of a history search, with placeholders only: query values never become SQL.
 * Exact filters use the indexes; `text` is a substring match over title, purchase id and variables
 * (history-search.ts).
 */
export function buildHistoryWhere(query: HistoryQuery): { where: string; parameters: SQLInputValue[] } {
  const clauses: string[] = [];
  const parameters: SQLInputValue[] = [];
  if (query.titleNumber !== undefined) {
    clauses.push('title_number = ?');
    parameters.push(normalizeTitleNumber(query.titleNumber));
  }
  if (query.purchaseId !== undefined) {
    clauses.push('purchase_id = ?');
    parameters.push(query.purchaseId.trim());
  }
  if (query.variable !== undefined) {
    clauses.push('id IN (SELECT purchase_local_id FROM purchase_variables WHERE variable = ?)');
    parameters.push(query.variable);
  }
  if (query.status !== undefined) {
    clauses.push('state = ?');
    parameters.push(query.status);
  }
  if (query.environmentId !== undefined) {
    clauses.push('environment_id = ?');
    parameters.push(query.environmentId);
  }
  if (query.from !== undefined) {
    clauses.push('created_at >= ?');
    parameters.push(query.from);
  }
  if (query.to !== undefined) {
    clauses.push('created_at <= ?');
    parameters.push(query.to);
  }
  const text = query.text?.trim();
  if (text !== undefined && text.length > 0) {
    const search = textSearchClause(text);
    clauses.push(search.clause);
    parameters.push(...search.parameters);
  }
  return { where: clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`, parameters };
}
