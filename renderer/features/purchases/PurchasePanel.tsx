import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { Environment } from '../../../shared/environment/environment.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { CompletionNotices, useCompletionNotices } from './CompletionNotices.tsx';
import { usePurchaseIds } from './purchase-index.ts';
import { PurchaseRow } from './PurchaseRow.tsx';
import { SendAllBar } from './SendAllBar.tsx';
import { focusPurchaseRow } from './focus-purchase-row.ts';
import { formatNumber } from '../common/number.ts';

/** What a row measures in the default font, before the first one is measured. */
const firstRowEstimatePx = 61;

/** A row to bring into view and focus (a new version each time, so the same row can be asked twice). */
export interface RowFocusRequest {
  readonly id: string;
  readonly version: number;
}

export interface PurchasePanelProps {
  readonly environment: Environment;
  /** Opens a purchase in its own view. */
  readonly onOpen: (id: string) => void;
  /** Set when the purchase view closes: focus goes back to the row it was opened from. */
  readonly focusRequest?: RowFocusRequest | undefined;
  /**
   * False while the panel is hidden (History open, a purchase in its own view). It stays mounted,
   * so the purchases that finish meanwhile are still announced when it is shown again.
   */
  readonly shown?: boolean;
}

/**
 * Every purchase of the environment, newest first, live. Rows are virtualised (only those in
 * view are in the page) and measured; a row opens its purchase in a view of its own.
 */
export function PurchasePanel({ environment, onOpen, focusRequest, shown = true }: PurchasePanelProps) {
  const notices = useCompletionNotices();
  const { ids, index } = usePurchaseIds(environment.id, notices.add);
  const scroller = useRef<HTMLDivElement>(null);
  // Rows are of one height by design (one line each for the title and the variables), so a row not
  // measured yet is counted at the height the last one measured had. An estimate off by a few
  // pixels moved every row below each new one once it was measured, and rendered the list again.
  const rowHeight = useRef(firstRowEstimatePx);
  const virtualizer = useVirtualizer({
    // Hidden, the list lays out nothing: each new purchase laid out every row again, unseen
    // (docs/decisions/renderer/011-renderer-live-updates.md#the-purchase-list). Shown again, it
    // lays them out once.
    enabled: shown,
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight.current,
    measureElement: (element, entry, instance) => {
      // A row being mounted is given the height rows have: reading its own would lay out the page
      // in the middle of React's commit, a long task when many purchases arrive. The
      // ResizeObserver reports its real height once the browser has laid it out, before it paints.
      if (entry === undefined) return rowHeight.current;
      // While the panel is hidden (History open, a purchase in its own view) its rows measure 0:
      // they keep the height they had, or coming back would lay out every row at once.
      const size = measureElement(element, entry, instance);
      if (size > 0) rowHeight.current = size;
      return rowHeight.current;
    },
    overscan: 8,
    getItemKey: (position) => ids[position] ?? position,
  });
  // The row may have been scrolled out (and so out of the page) while the view was open.
  const focusVersion = focusRequest?.version;
  useEffect(() => {
    if (focusRequest === undefined) return;
    const at = ids.indexOf(focusRequest.id);
    if (at >= 0) virtualizer.scrollToIndex(at, { align: 'auto' });
    focusPurchaseRow(focusRequest.id);
    // Only a new request moves focus, not a list that changed under it.
  }, [focusVersion]);

  return (
    <section className="workspace-column purchase-panel" aria-labelledby="purchases-heading">
      <div className="panel-header">
        <h2 id="purchases-heading">Purchases</h2>
        {ids.length === 0 ? null : <span className="muted" aria-live="off">{formatNumber(ids.length)} on {environment.name}</span>}
      </div>
      <CompletionNotices notices={notices.list} onDismiss={notices.dismiss} />
      <SendAllBar environmentId={environment.id} />
      {index.isError ? <ErrorNotice error={index.error} /> : null}
      {ids.length === 0 && !index.isPending ? (
        <div className="empty-state">
          <p>No purchases yet on {environment.name}. Purchases you make, and any you look up by ID, are listed here with their progress.</p>
        </div>
      ) : null}
      {index.isPending && ids.length === 0 ? <p className="muted" aria-live="polite">Loading purchases…</p> : null}
      <div ref={scroller} className="purchase-scroller" hidden={ids.length === 0}>
        <ul className="purchase-list" aria-label="Purchases, newest first" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const id = ids[item.index];
            if (id === undefined) return null;
            return (
              <li
                key={id}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-setsize={ids.length}
                aria-posinset={item.index + 1}
                className="purchase-item"
                style={{ transform: `translateY(${String(item.start)}px)` }}
              >
                <PurchaseRow id={id} environmentName={environment.name} onOpen={onOpen} />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
