import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { formatDateTime } from '../../format-time.ts';
import { PurchaseDetails } from './PurchaseDetails.tsx';
import { purchaseTitle, variableCount } from './purchase-labels.ts';
import { usePurchaseQuery } from './purchase-queries.ts';
import { StateChip } from './PurchaseRow.tsx';

export interface PurchaseViewProps {
  readonly id: string;
  readonly environmentName: string;
  /** Back to the list (the Back button or Esc); the caller puts focus back on the row. */
  readonly onClose: () => void;
  readonly onShowRequests: (id: string) => void;
  readonly onLookUp: () => void;
}

/** Esc inside a dialog of the view (Buy again?, or a native modal opened from it) closes that dialog, not the view. */
function closesView(event: KeyboardEvent<HTMLElement>): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented) return false;
  return !(event.target instanceof Element) || event.target.closest('dialog, [role="dialog"], [role="alertdialog"]') === null;
}

/**
 * One purchase with the workspace's whole width: its timeline beside what is known of it, and
 * its results table wide enough for long variable names and ontology types. The panel keeps the
 * list; this view replaces both columns until Back or Esc.
 */
export function PurchaseView({ id, environmentName, onClose, onShowRequests, onLookUp }: PurchaseViewProps) {
  const purchase = usePurchaseQuery(id);
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => { back.current?.focus(); }, [id]);
  const record = purchase.data;
  return (
    <section
      className="workspace-column purchase-view"
      aria-labelledby="purchase-view-heading"
      onKeyDown={(event) => {
        if (!closesView(event)) return;
        event.preventDefault();
        onClose();
      }}
    >
      <div className="purchase-view-header">
        <button type="button" ref={back} className="button-quiet purchase-view-back" onClick={onClose}>
          <span aria-hidden="true">‹ </span>Back to purchases
        </button>
        <h2 id="purchase-view-heading">{record === undefined ? 'Purchase' : `Purchase ${purchaseTitle(record)}`}</h2>
        {record === undefined ? null : <StateChip record={record} />}
      </div>
      {purchase.isError ? <ErrorNotice error={purchase.error} /> : null}
      {record === undefined ? (purchase.isPending ? <p className="muted" aria-live="polite">Loading the purchase…</p> : null) : (
        <>
          <Context record={record} environmentName={environmentName} />
          <PurchaseDetails record={record} onShowRequests={onShowRequests} onLookUp={onLookUp} />
        </>
      )}
    </section>
  );
}

function Context({ record, environmentName }: { readonly record: PurchaseRecord; readonly environmentName: string }) {
  // The address is among the facts below, in full.
  return <p className="purchase-view-context muted">{[variableCount(record), environmentName, formatDateTime(record.createdAt)].join(' · ')}</p>;
}
