import { memo } from 'react';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { formatClockTime } from '../../format-time.ts';
import { useNow } from '../common/use-now.ts';
import { requestTimeoutMs } from '../../../shared/environment/request-limits.ts';
import { purchaseTitle, secondsUntil, stateLabels, titleNotNamed, variableCount, variableNameParts } from './purchase-labels.ts';
import { usePurchaseQuery } from './purchase-queries.ts';

export interface PurchaseRowProps {
  /** The environment's name, said on the row so a row read on its own is complete. */
  readonly environmentName: string;
  /** Opens the purchase in its own view (Enter or a click on the row). */
  readonly onOpen: (id: string) => void;
}

/**
 * A row of the panel, reading its purchase from the cache so only it re-renders on an update. Memo:
 * the panel renders again whenever a purchase finishes (its notices) or the list changes, and
 * with 1,000 purchases in flight every row in view rendered again with it each time.
 */
export const PurchaseRow = memo(function PurchaseRow({ id, ...props }: PurchaseRowProps & { readonly id: string }) {
  const purchase = usePurchaseQuery(id);
  if (purchase.data === undefined) return <div className="purchase-row purchase-row-loading">Loading purchase…</div>;
  return <PurchaseRowView record={purchase.data} {...props} />;
});

/**
 * What tells two purchases apart at a glance: the title and the address it was reached from,
 * the variables (the first two, then "+N") and the environment. A purchase looked up by ID has
 * no title to show (the service does not name it): its variables lead instead, and it says so.
 */
export function PurchaseRowView({ record, environmentName, onOpen }: PurchaseRowProps & { readonly record: PurchaseRecord }) {
  // Bought from a title, an address or a UPRN: the service named what it sold from.
  const titled = record.titleNumber !== undefined || record.resource !== undefined;
  return (
    <article className={`purchase-row purchase-row-${record.state}`} data-purchase-id={record.id} data-state={record.state} aria-label={`Purchase ${purchaseTitle(record)}, ${stateLabels[record.state]}`}>
      <button type="button" className="purchase-summary" onClick={() => { onOpen(record.id); }}>
        <span className="purchase-title" title={record.address}>
          <strong>{purchaseTitle(record)}</strong>
          {record.address === undefined ? null : <span className="purchase-address"> {record.address}</span>}
        </span>
        <span className="purchase-meta" title={variableCount(record)}>
          {titled ? <VariableNames record={record} /> : <span className="purchase-names purchase-untitled">{titleNotNamed}</span>}
          <span className="purchase-environment"> · {environmentName}</span>
          {record.team === undefined ? null : <span className="purchase-desk"> · desk {record.team.desk}</span>}
        </span>
        <StateChip record={record} />
        <Progress record={record} />
        <time className="purchase-time" dateTime={new Date(record.createdAt).toISOString()}>{formatClockTime(record.createdAt)}</time>
        <span className="purchase-open" aria-hidden="true">›</span>
      </button>
    </article>
  );
}

/** The names give way (ellipsis) before "+N" and the environment do, which always show. */
function VariableNames({ record }: { readonly record: PurchaseRecord }) {
  const { shown, more } = variableNameParts(record);
  if (shown === '') return <span className="purchase-names">variables not known yet</span>;
  return (
    <>
      <span className="purchase-names">{shown}</span>
      {more > 0 ? <span className="purchase-more"> +{more}</span> : null}
    </>
  );
}

export function StateChip({ record }: { readonly record: Pick<PurchaseRecord, 'state'> }) {
  return <span className={`chip chip-${record.state}`}>{stateLabels[record.state]}</span>;
}

/** For a pending purchase: when the next check is, following the server's advised wait. */
function Progress({ record }: { readonly record: PurchaseRecord }) {
  const followed = record.state === 'pending' && record.autoCheck;
  const sending = record.state === 'submitting' && record.sendingAt !== undefined;
  const now = useNow((followed && record.nextCheckAt !== undefined) || sending);
  if (record.state === 'submitting') {
    // How long the service has left to answer before the purchase counts as not answered.
    const left = secondsUntil(record.sendingAt === undefined ? undefined : record.sendingAt + requestTimeoutMs, now);
    return <span className="purchase-progress countdown">{left === undefined || left === 0 ? 'sending…' : `sending: answer due in ${String(left)} s`}</span>;
  }
  if (record.state !== 'pending') return null;
  if (!record.autoCheck) return <span className="purchase-progress">not being followed</span>;
  const seconds = secondsUntil(record.nextCheckAt, now);
  if (seconds === undefined || seconds === 0) return <span className="purchase-progress">checking…</span>;
  return <span className="purchase-progress countdown">next check in {seconds} s</span>;
}
