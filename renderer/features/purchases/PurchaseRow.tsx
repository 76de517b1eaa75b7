import type { PurchaseRecord } from '../../../shared/purchase.ts';
import { formatClockTime } from '../../format-time.ts';
import { useNow } from '../common/use-now.ts';
import { PurchaseDetails, type PurchaseDetailsProps } from './PurchaseDetails.tsx';
import { purchaseTitle, secondsUntil, stateLabels, variableCount, variableNames } from './purchase-labels.ts';
import { usePurchaseQuery } from './purchase-queries.ts';

export interface PurchaseRowProps extends Omit<PurchaseDetailsProps, 'record'> {
  readonly expanded: boolean;
  readonly onToggle: (id: string) => void;
}

/** A row of the panel, reading its purchase from the cache so only it re-renders on an update. */
export function PurchaseRow({ id, ...props }: PurchaseRowProps & { readonly id: string }) {
  const purchase = usePurchaseQuery(id);
  if (purchase.data === undefined) return <div className="purchase-row purchase-row-loading">Loading purchase…</div>;
  return <PurchaseRowView record={purchase.data} {...props} />;
}

export function PurchaseRowView({ record, expanded, onToggle, ...details }: PurchaseRowProps & { readonly record: PurchaseRecord }) {
  const detailsId = `purchase-details-${record.id}`;
  return (
    <article className={`purchase-row purchase-row-${record.state}`} data-purchase-id={record.id} aria-label={`Purchase ${purchaseTitle(record)}, ${stateLabels[record.state]}`}>
      <button type="button" className="purchase-summary" aria-expanded={expanded} aria-controls={expanded ? detailsId : undefined} onClick={() => { onToggle(record.id); }}>
        <span className="disclosure" aria-hidden="true">{expanded ? '▾' : '▸'}</span>
        <span className="purchase-title">{purchaseTitle(record)}</span>
        <span className="purchase-count" title={variableCount(record)}>{variableNames(record)}</span>
        <StateChip record={record} />
        <Progress record={record} />
        <time className="purchase-time" dateTime={new Date(record.createdAt).toISOString()}>{formatClockTime(record.createdAt)}</time>
      </button>
      {expanded ? (
        <div id={detailsId}>
          <PurchaseDetails record={record} {...details} />
        </div>
      ) : null}
    </article>
  );
}

export function StateChip({ record }: { readonly record: PurchaseRecord }) {
  return <span className={`chip chip-${record.state}`}>{stateLabels[record.state]}</span>;
}

/** For a pending purchase: when the next check is, following the server's advised wait. */
function Progress({ record }: { readonly record: PurchaseRecord }) {
  const followed = record.state === 'pending' && record.autoCheck;
  const now = useNow(followed && record.nextCheckAt !== undefined);
  if (record.state === 'submitting') return <span className="purchase-progress">sending…</span>;
  if (record.state !== 'pending') return null;
  if (!record.autoCheck) return <span className="purchase-progress">not being followed</span>;
  const seconds = secondsUntil(record.nextCheckAt, now);
  if (seconds === undefined || seconds === 0) return <span className="purchase-progress">checking…</span>;
  return <span className="purchase-progress countdown">next check in {seconds} s</span>;
}
