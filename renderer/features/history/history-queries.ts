import { replaceEqualDeep, useQuery } from '@tanstack/react-query';
import type { HistoryQuery, PurchaseState, PurchaseSummary } from '../../../shared/purchase/purchase.ts';
import { useApi } from '../../api/api-context.tsx';
import { call } from '../../api/call.ts';
import { purchaseKeys } from '../../api/query-keys.ts';

export const historyPageSize = 200;
/** The contract's largest page; past it the filters, not scrolling, find older purchases. */
export const historyMaxRows = 1000;

export interface HistoryFilters {
  readonly text: string;
  readonly state: PurchaseState | '';
  /** yyyy-mm-dd from a date input, or empty. */
  readonly from: string;
  readonly to: string;
}

export const noFilters: HistoryFilters = { text: '', state: '', from: '', to: '' };

/** A local calendar day as epoch ms: its first millisecond, or its last for an end bound. */
function dayBound(day: string, end: boolean): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match === null) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (end) date.setHours(23, 59, 59, 999);
  return date.getTime();
}

export function toHistoryQuery(environmentId: string, filters: HistoryFilters, limit: number = historyPageSize): HistoryQuery {
  const query: HistoryQuery = { environmentId, limit: Math.min(limit, historyMaxRows) };
  const text = filters.text.trim();
  if (text !== '') query.text = text;
  if (filters.state !== '') query.status = filters.state;
  const from = dayBound(filters.from, false);
  const to = dayBound(filters.to, true);
  if (from !== undefined) query.from = from;
  if (to !== undefined) query.to = to;
  return query;
}

/**
 * Summaries (no timelines or values: a row's details fetch its whole record). Under
 * purchaseKeys.lists(), so pushed updates mark it stale, and while shown it is fetched again at
 * most once a second (list-refresh.ts).
 */
export function useHistoryQuery(query: HistoryQuery) {
  const api = useApi();
  return useQuery({
    queryKey: purchaseKeys.summaries(query),
    queryFn: () => call(api, 'purchase:history', query),
    placeholderData: (previous) => previous,
    structuralSharing: sharePurchasesById,
  });
}

interface HistoryPage {
  readonly purchases: readonly PurchaseSummary[];
}

function isHistoryPage(data: unknown): data is HistoryPage {
  return typeof data === 'object' && data !== null && 'purchases' in data && Array.isArray(data.purchases);
}

/**
 * A page fetched again keeps each purchase's summary as the same object while it is unchanged,
 * wherever it moved: the rows of History are memoised on it. TanStack Query's own sharing
 * matches array items by position, and a purchase made since moves every row down one, so each
 * refresh while purchases were being made gave all 200 rows new objects and rendered them again.
 */
export function sharePurchasesById(previous: unknown, next: unknown): unknown {
  if (!isHistoryPage(previous) || !isHistoryPage(next)) return replaceEqualDeep(previous, next);
  const before = new Map(previous.purchases.map((summary) => [summary.id, summary]));
  const purchases = next.purchases.map((summary) => {
    const earlier = before.get(summary.id);
    return earlier === undefined ? summary : replaceEqualDeep(earlier, summary);
  });
  // Unchanged as a whole, the previous page itself is kept. (Sharing the page by position again
  // would copy each moved summary, as TanStack Query's own sharing does.)
  const unchanged = purchases.length === previous.purchases.length && purchases.every((summary, at) => summary === previous.purchases[at]);
  return unchanged ? previous : { ...next, purchases };
}
