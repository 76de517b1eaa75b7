import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import type { BatchItem } from '../../../shared/purchase/batch.ts';
import type { Money } from '../../../shared/purchase/purchase.ts';
import { formatDateTime } from '../../format-time.ts';
import { formatTotals, sumMoney } from '../common/money.ts';
import { batchStateLabels } from './batch-labels.ts';
import { resourceName } from '../common/resource-words.ts';

/** What the line cost this batch: a reused value was paid for by an earlier purchase, not now. */
function costText(item: BatchItem): string {
  if (item.state === 'reused') return `${formatTotals([])} reused`;
  if (item.state === 'available') {
    const reusedPrices = Object.values(item.reused).map((reused): Money => ({ ...reused.price, value: -reused.price.value }));
    return formatTotals(sumMoney([...item.total, ...reusedPrices]));
  }
  return item.cost.length === 0 ? '' : formatTotals(item.cost);
}

/** "Reused from the purchase of 1 Dec 2026, 14:03": the original date of each reused value, newest first. */
function reusedText(item: BatchItem): string {
  const reused = Object.values(item.reused);
  if (reused.length === 0) return '';
  const dates = [...new Set(reused.map((value) => value.boughtAt))].sort((a, b) => b - a).map(formatDateTime);
  const what = item.state === 'reused' ? 'Reused' : `${String(reused.length)} reused`;
  return `${what} from the purchase${dates.length === 1 ? '' : 's'} of ${dates.join('; ')}`;
}

function resolution(item: BatchItem): string {
  return [item.reason ?? '', reusedText(item)].filter((part) => part !== '').join(' · ');
}

/** The row of the file as typed: its non-empty cells, so a refused address shows what was asked. */
function inputText(item: BatchItem): string {
  return Object.values(item.input).map((value) => value.trim()).filter((value) => value !== '').join(' · ');
}

function LineDetails({ item }: { readonly item: BatchItem }) {
  return (
    <div role="cell" className="batch-details-cell">
      <dl className="batch-details" aria-label={`Details of row ${String(item.row)}`}>
        {Object.entries(item.input).map(([column, value]) => (
          <div key={column}><dt>{column}</dt><dd>{value === '' ? '—' : value}</dd></div>
        ))}
        {item.purchaseId === null ? null : <div><dt>Purchase ID</dt><dd className="batch-id">{item.purchaseId}</dd></div>}
        {item.heldBy === undefined ? null : <div><dt>Team purchase</dt><dd>{`${item.heldBy.teamPurchaseId}, desk ${item.heldBy.desk}'s: nothing was sent from this desk`}</dd></div>}
        {resolution(item) === '' ? null : <div><dt>Resolution</dt><dd>{resolution(item)}</dd></div>}
      </dl>
    </div>
  );
}

/**
 * Every line of a batch, virtualised: only the rows in view are in the page, so 10,000 lines stay
 * quick. Input and resolution wrap (rows are measured), and a click or Enter opens a line's
 * details: every cell of its input row, its purchase ID and the whole reason.
 */
export function BatchTable({ items }: { readonly items: readonly BatchItem[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<number | undefined>();
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: () => scroller.current, estimateSize: () => 30, overscan: 12 });
  const toggle = (index: number): void => { setOpen((current) => (current === index ? undefined : index)); };
  return (
    <div ref={scroller} className="batch-scroller" role="table" aria-label="Batch lines" aria-rowcount={items.length + 1}>
      <div role="row" className="batch-row batch-head">
        <span role="columnheader">Row</span>
        <span role="columnheader">Input</span>
        <span role="columnheader">Bought from</span>
        <span role="columnheader">State</span>
        <span role="columnheader">Cost</span>
        <span role="columnheader">Resolution</span>
      </div>
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((virtual) => {
          const item = items[virtual.index];
          if (item === undefined) return null;
          const expanded = open === item.index;
          return (
            <div
              key={item.index}
              ref={virtualizer.measureElement}
              data-index={virtual.index}
              role="row"
              tabIndex={0}
              aria-rowindex={virtual.index + 2}
              aria-expanded={expanded}
              className={`batch-row batch-state-${item.state}${expanded ? ' batch-row-open' : ''}`}
              style={{ transform: `translateY(${String(virtual.start)}px)` }}
              onClick={() => { toggle(item.index); }}
              onKeyDown={(event) => { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); toggle(item.index); } }}
            >
              <span role="cell">{item.row}</span>
              <span role="cell" className="batch-wrap" title={inputText(item)}>{inputText(item)}</span>
              <span role="cell">
                {item.resource === undefined ? (item.titleNumber ?? '—') : resourceName(item.resource)}
                {item.tenure === null ? null : <> <small className="batch-tenure">{item.tenure}</small></>}
              </span>
              <span role="cell">{batchStateLabels[item.state]}</span>
              <span role="cell">{costText(item)}</span>
              <span role="cell" className="batch-wrap" title={resolution(item)}>{resolution(item)}</span>
              {expanded ? <LineDetails item={item} /> : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
