import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { BatchItem } from '../../../shared/batch.ts';
import { formatTotals } from '../common/money.ts';
import { batchStateLabels } from './batch-labels.ts';

function costText(item: BatchItem): string {
  if (item.state === 'available' || item.state === 'reused') return formatTotals(item.total);
  return item.cost.length === 0 ? '' : formatTotals(item.cost);
}

function resolution(item: BatchItem): string {
  const reused = Object.keys(item.reused).length;
  const parts = [item.reason ?? '', reused === 0 ? '' : `${String(reused)} reused`].filter((part) => part !== '');
  return parts.join(' · ');
}

/** Every line of a batch, virtualised: only the rows in view are in the page, so 10,000 lines stay quick. */
export function BatchTable({ items }: { readonly items: readonly BatchItem[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: () => scroller.current, estimateSize: () => 30, overscan: 12 });
  return (
    <div ref={scroller} className="batch-scroller" role="table" aria-label="Batch lines" aria-rowcount={items.length + 1}>
      <div role="row" className="batch-row batch-head">
        <span role="columnheader">Row</span>
        <span role="columnheader">Title</span>
        <span role="columnheader">Tenure</span>
        <span role="columnheader">State</span>
        <span role="columnheader">Cost</span>
        <span role="columnheader">Purchase ID</span>
        <span role="columnheader">Resolution</span>
      </div>
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((virtual) => {
          const item = items[virtual.index];
          if (item === undefined) return null;
          return (
            <div
              key={item.index}
              role="row"
              aria-rowindex={virtual.index + 2}
              className={`batch-row batch-state-${item.state}`}
              style={{ transform: `translateY(${String(virtual.start)}px)` }}
            >
              <span role="cell">{item.row}</span>
              <span role="cell">{item.titleNumber ?? '—'}</span>
              <span role="cell">{item.tenure ?? ''}</span>
              <span role="cell">{batchStateLabels[item.state]}</span>
              <span role="cell">{costText(item)}</span>
              <span role="cell" className="batch-id">{item.purchaseId ?? ''}</span>
              <span role="cell">{resolution(item)}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
