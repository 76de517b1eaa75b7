import { memo, useCallback, useDeferredValue, useId, useState } from 'react';
import type { Environment } from '../../../shared/environment/environment.ts';
import { purchaseStates, type PurchaseState, type PurchaseSummary } from '../../../shared/purchase/purchase.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { formatTotals } from '../common/money.ts';
import { PurchaseDetails } from '../purchases/PurchaseDetails.tsx';
import { SpendSummary } from '../spending/SpendSummary.tsx';
import { StateChip } from '../purchases/PurchaseRow.tsx';
import { purchaseTitle, stateLabels, variableCount, variableNames } from '../purchases/purchase-labels.ts';
import { HistoryTools } from './HistoryTools.tsx';
import { usePurchaseQuery } from '../purchases/purchase-queries.ts';
import { useHistoryRowActions } from './history-row-actions.ts';
import { historyMaxRows, historyPageSize, noFilters, toHistoryQuery, useHistoryQuery, type HistoryFilters } from './history-queries.ts';
import { formatDateTime } from '../../format-time.ts';
import { boughtFrom } from '../common/resource-words.ts';
import { ExportHistory } from './ExportHistory.tsx';
import { copyText } from '../common/download.ts';

/** One empty list for every render without a page, so the deferred rows below do not see a new one each time. */
const noPurchases: readonly PurchaseSummary[] = [];

function isState(value: string): value is PurchaseState {
  return purchaseStates.some((state) => state === value);
}


export interface HistoryViewProps {
  readonly environment: Environment;
  readonly onShowRequests: (id: string) => void;
  readonly onLookUp: () => void;
}

/** Every purchase in the journal: searched by title, ID or variable, filtered by state and date. */
export function HistoryView({ environment, onShowRequests, onLookUp }: HistoryViewProps) {
  const id = useId();
  const [filters, setFilters] = useState<HistoryFilters>(noFilters);
  const [limit, setLimit] = useState(historyPageSize);
  const deferred = useDeferredValue(filters);
  const history = useHistoryQuery(toHistoryQuery(environment.id, deferred, limit));
  const [open, setOpen] = useState<string | undefined>();
  // One function for every row, so that a row whose summary did not change is not rendered again.
  const toggle = useCallback((rowId: string): void => { setOpen((current) => (current === rowId ? undefined : rowId)); }, []);
  const { reCheck, stateFor } = useHistoryRowActions();
  // Said in the list's one status line: a live region in each of up to 1,000 rows would be many.
  const [copyNote, setCopyNote] = useState('');
  const copyId = useCallback((purchaseId: string): void => {
    void copyText(purchaseId).then((copied) => { setCopyNote(copied ? `Copied purchase ID ${purchaseId}.` : 'Could not copy: the clipboard is not available.'); });
  }, []);
  // New filters start again from the first page.
  const set = (change: Partial<HistoryFilters>): void => {
    setFilters({ ...filters, ...change });
    setLimit(historyPageSize);
  };
  const purchases = history.data?.purchases ?? noPurchases;
  // The rows follow a refreshed page at low priority: React renders them in slices the browser
  // can interrupt, so typing in the filters or scrolling never waits for 200 rows.
  const rows = useDeferredValue(purchases);
  const more = purchases.length >= limit;
  const filtered = filters.text.trim() !== '' || filters.state !== '' || filters.from !== '' || filters.to !== '';

  return (
    <section className="history" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>History</h2>
      <SpendSummary environmentId={environment.id} />
      <form className="history-filters" aria-label="Search the history" role="search" onSubmit={(event) => { event.preventDefault(); }}>
        <div className="field">
          <label htmlFor={`${id}-text`}>Title, purchase ID or variable</label>
          <input id={`${id}-text`} type="search" value={filters.text} aria-describedby={`${id}-text-hint`} onChange={(event) => { set({ text: event.target.value }); }} />
          <span className="field-hint" id={`${id}-text-hint`}>or an address key or UPRN bought from</span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-state`}>State</label>
          <select id={`${id}-state`} value={filters.state} onChange={(event) => { set({ state: isState(event.target.value) ? event.target.value : '' }); }}>
            <option value="">Any state</option>
            {purchaseStates.map((state) => <option key={state} value={state}>{stateLabels[state]}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" value={filters.from} onChange={(event) => { set({ from: event.target.value }); }} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" value={filters.to} onChange={(event) => { set({ to: event.target.value }); }} />
        </div>
        {filtered ? <button type="button" className="button-quiet" onClick={() => { set(noFilters); }}>Clear filters</button> : null}
      </form>
      {history.isError ? <ErrorNotice error={history.error} /> : null}
      <div className="history-summary">
        <p className="muted" role="status">
          {history.isPending ? 'Searching…' : describeCount(purchases.length, filtered, more)}
          {copyNote === '' ? null : <span className="history-copied"> {copyNote}</span>}
        </p>
        <ExportHistory environment={environment} filters={deferred} disabled={purchases.length === 0} />
      </div>
      {rows.length === 0 ? null : (
        <div className="table-scroll">
          {/* Laid out as a grid, row by row (workspace.css): the roles keep it a table for assistive technology. */}
          <table className="history-table" role="table">
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">Created</th><th role="columnheader" scope="col">Bought from</th><th role="columnheader" scope="col">Purchase ID</th>
                <th role="columnheader" scope="col">Variables</th><th role="columnheader" scope="col">State</th>
                <th role="columnheader" scope="col" className="numeric">Total</th><th role="columnheader" scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {rows.map((record) => {
                const action = stateFor(record.id);
                return (
                  <HistoryRow key={record.id} record={record} open={open === record.id} reChecking={action.pending} failure={action.failure}
                    onToggle={toggle} onReCheck={reCheck} onCopyId={copyId} onShowRequests={onShowRequests} onLookUp={onLookUp} />
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {more && limit < historyMaxRows ? (
        <button type="button" onClick={() => { setLimit(limit + historyPageSize); }}>
          Show {String(historyPageSize)} older purchases
        </button>
      ) : null}
      {more && limit >= historyMaxRows ? <p className="muted">To see older purchases, narrow the search or the dates.</p> : null}
      <HistoryTools />
    </section>
  );
}

function describeCount(count: number, filtered: boolean, more: boolean): string {
  if (count === 0) return filtered ? 'No purchases match these filters.' : 'No purchases yet. Purchases you make or look up appear here.';
  const shown = more ? `The latest ${String(count)} purchases` : `${String(count)} ${count === 1 ? 'purchase' : 'purchases'}`;
  return filtered ? `${shown} match.` : `${shown}.`;
}

interface HistoryRowProps {
  readonly record: PurchaseSummary;
  readonly open: boolean;
  /** Its latest Re-check is on its way (history-row-actions.ts). */
  readonly reChecking: boolean;
  readonly failure: Error | null;
  readonly onToggle: (id: string) => void;
  readonly onReCheck: (id: string, reference: string) => void;
  readonly onCopyId: (purchaseId: string) => void;
  readonly onShowRequests: (id: string) => void;
  readonly onLookUp: () => void;
}

/**
 * Memoised: a refreshed page keeps an unchanged purchase's summary as the same object
 * (sharePurchasesById), so only the rows that changed are rendered again.
 */
const HistoryRow = memo(function HistoryRow({ record, open, reChecking, failure, onToggle, onReCheck, onCopyId, onShowRequests, onLookUp }: HistoryRowProps) {
  // Any row with a result address can be asked again: one GET now, whatever its state.
  const reference = record.purchaseId ?? record.resultUrl;
  return (
    <>
      {/* The purchase and its state as data too: scripts and tests find a row without reading its words. */}
      <tr role="row" data-purchase-id={record.id} data-state={record.state}>
        <td role="cell" className="nowrap"><time dateTime={new Date(record.createdAt).toISOString()}>{formatDateTime(record.createdAt)}</time></td>
        <td role="cell">
          {boughtFrom(record) ?? <span className="muted">Not named by the service</span>}
          {record.address === undefined ? null : <span className="history-address">{record.address}</span>}
          {/* A team's purchase says whose it is: support looks up every desk's. */}
          {record.team === undefined ? null : <span className="history-desk">Bought by desk {record.team.desk}</span>}
        </td>
        <td role="cell" className="history-id">
          <code>{record.purchaseId ?? '—'}</code>
          {record.purchaseId === undefined ? null : (
            <button type="button" className="button-quiet button-small" aria-label={`Copy purchase ID ${record.purchaseId}`} onClick={() => { if (record.purchaseId !== undefined) onCopyId(record.purchaseId); }}>
              Copy
            </button>
          )}
        </td>
        <td role="cell" title={variableCount(record)}>{variableNames(record)}</td>
        <td role="cell"><StateChip record={record} /></td>
        <td role="cell" className="numeric">{record.totals === undefined ? '' : formatTotals(record.totals)}</td>
        <td role="cell" className="row-actions">
          <button type="button" disabled={reference === undefined || reChecking} onClick={() => { if (reference !== undefined) onReCheck(record.id, reference); }} aria-label={`Re-check ${purchaseTitle(record)} ${record.purchaseId ?? ''}`.trim()}>
            Re-check
          </button>
          <button type="button" className="button-quiet" aria-expanded={open} onClick={() => { onToggle(record.id); }}>{open ? 'Hide' : 'Details'}</button>
        </td>
      </tr>
      {open || failure !== null ? (
        <tr role="row" className="history-details">
          <td role="cell" colSpan={7}>
            {failure === null ? null : <ErrorNotice error={failure} />}
            {open ? <HistoryDetails id={record.id} onShowRequests={onShowRequests} onLookUp={onLookUp} /> : null}
          </td>
        </tr>
      ) : null}
    </>
  );
});

/** The row lists a summary; its timeline and values come with the whole record, fetched when opened. */
function HistoryDetails({ id, onShowRequests, onLookUp }: { readonly id: string; readonly onShowRequests: (id: string) => void; readonly onLookUp: () => void }) {
  const purchase = usePurchaseQuery(id);
  if (purchase.isError) return <ErrorNotice error={purchase.error} />;
  if (purchase.data === undefined) return <p className="muted" role="status">Loading the purchase…</p>;
  return <PurchaseDetails record={purchase.data} onShowRequests={onShowRequests} onLookUp={onLookUp} />;
}
