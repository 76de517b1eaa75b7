import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef, useState } from 'react';
import type { Environment } from '../../../shared/environment.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { CompletionNotices, useCompletionNotices } from './CompletionNotices.tsx';
import { usePurchaseIds } from './purchase-index.ts';
import { PurchaseRow } from './PurchaseRow.tsx';
import { SendAllBar } from './SendAllBar.tsx';

export interface PurchasePanelProps {
  readonly environment: Environment;
  readonly onLookUp: () => void;
  readonly onShowRequests: (id: string) => void;
}

/**
 * Every purchase of the environment, newest first, live. Rows are virtualised (only those in
 * view are in the page) and measured, so an expanded row can be any height.
 */
export function PurchasePanel({ environment, onLookUp, onShowRequests }: PurchasePanelProps) {
  const notices = useCompletionNotices();
  const { ids, index } = usePurchaseIds(environment.id, notices.add);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 52,
    overscan: 8,
    getItemKey: (position) => ids[position] ?? position,
  });
  const toggle = useCallback((id: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  return (
    <section className="workspace-column purchase-panel" aria-labelledby="purchases-heading">
      <div className="panel-header">
        <h2 id="purchases-heading">Purchases</h2>
        {ids.length === 0 ? null : <span className="muted" aria-live="off">{ids.length.toLocaleString('en-GB')} on {environment.name}</span>}
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
                <PurchaseRow id={id} expanded={expanded.has(id)} onToggle={toggle} onShowRequests={onShowRequests} onLookUp={onLookUp} />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
