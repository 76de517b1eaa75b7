import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { AppError } from '../../api/app-error.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { PurchaseDetails } from '../purchases/PurchaseDetails.tsx';
import { StateChip } from '../purchases/PurchaseRow.tsx';
import { purchaseTitle, variableCount } from '../purchases/purchase-labels.ts';
import { useCheckPurchaseMutation, usePurchaseQuery } from '../purchases/purchase-queries.ts';
import type { OpenPurchaseRequest } from './open-request.ts';

export interface PurchaseLookupProps {
  readonly onShowRequests: (id: string) => void;
  /** A purchase to fill in and check at once (a titledesk:// link or a clicked notification). */
  readonly request?: OpenPurchaseRequest | undefined;
}

/** For support: a purchase ID or result URL, checked once now or watched until it is done. */
export function PurchaseLookup({ onShowRequests, request }: PurchaseLookupProps) {
  const id = useId();
  const [reference, setReference] = useState(request?.reference ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const check = useCheckPurchaseMutation();
  const { mutate } = check;

  // Each new request (its version) is checked once, as if typed in and "Check now" pressed.
  const requested = request?.reference;
  const requestVersion = request?.version;
  useEffect(() => {
    if (requested === undefined || requestVersion === undefined) return;
    setReference(requested);
    setProblem(undefined);
    mutate({ reference: requested, watch: false });
  }, [requested, requestVersion, mutate]);

  function run(watch: boolean, event?: SyntheticEvent): void {
    event?.preventDefault();
    if (reference.trim() === '') {
      setProblem('Paste a purchase ID or its result URL first.');
      return;
    }
    setProblem(undefined);
    check.mutate({ reference, watch });
  }

  return (
    <section className="purchase-lookup" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Look up a purchase</h2>
      <form aria-label="Look up a purchase" onSubmit={(event) => { run(false, event); }} noValidate>
        <div className="field">
          <label htmlFor={id}>Purchase ID or result URL</label>
          <input
            id={id}
            value={reference}
            spellCheck={false}
            autoComplete="off"
            placeholder="e.g. 3f2a… or https://…/purchases/3f2a…"
            aria-invalid={problem !== undefined}
            aria-describedby={problem === undefined ? `${id}-hint` : `${id}-error`}
            onChange={(event) => { setReference(event.target.value); }}
          />
          <p className="field-hint" id={`${id}-hint`}>A purchase the service knows joins your history; nothing is bought again.</p>
          {problem === undefined ? null : <p className="field-error" id={`${id}-error`}>{problem}</p>}
        </div>
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={check.isPending}>Check now</button>
          <button type="button" disabled={check.isPending} onClick={() => { run(true); }}>Watch until done</button>
        </div>
      </form>
      {check.isPending ? <p aria-live="polite">Checking…</p> : null}
      {check.isError ? <ErrorNotice error={check.error} /> : null}
      {check.error instanceof AppError && check.error.code === 'not_found' ? (
        <p>
          <button type="button" className="button-quiet" onClick={() => { check.mutate({ reference, watch: false, keep: true }); }}>Keep it in the history anyway</button>
        </p>
      ) : null}
      {check.data === undefined ? null : <LookupResult id={check.data.id} onShowRequests={onShowRequests} />}
    </section>
  );
}

/** The looked-up purchase, live: watching it updates this as the poller learns more. */
function LookupResult({ id, onShowRequests }: { readonly id: string; readonly onShowRequests: (id: string) => void }) {
  const purchase = usePurchaseQuery(id);
  const record = purchase.data;
  if (record === undefined) return null;
  return (
    <div className="lookup-result" aria-label="Looked-up purchase" role="region">
      <h3>
        {purchaseTitle(record)} <span className="muted">{variableCount(record)}</span> <StateChip record={record} />
      </h3>
      {record.purchaseId === undefined ? null : <p>Purchase ID <code>{record.purchaseId}</code></p>}
      <PurchaseDetails record={record} onShowRequests={onShowRequests} onLookUp={() => undefined} />
    </div>
  );
}
