import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { toAppError } from '../../api/app-error.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { PurchaseDetails } from '../purchases/PurchaseDetails.tsx';
import { StateChip } from '../purchases/PurchaseRow.tsx';
import { purchaseTitle, variableCount } from '../purchases/purchase-labels.ts';
import { useCheckPurchaseMutation, usePurchaseQuery } from '../purchases/purchase-queries.ts';
import type { OpenPurchaseRequest } from './open-request.ts';

export interface PurchaseLookupProps {
  /** The environment asked, named in what the lookup says. */
  readonly environmentName: string;
  readonly onShowRequests: (id: string) => void;
  /** A purchase to fill in and check at once (a titledesk:// link or a clicked notification). */
  readonly request?: OpenPurchaseRequest | undefined;
}

/** For support: a purchase ID or result URL, checked once now or watched until it is done. */
export function PurchaseLookup({ environmentName, onShowRequests, request }: PurchaseLookupProps) {
  const id = useId();
  const [reference, setReference] = useState(request?.reference ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const check = useCheckPurchaseMutation();
  const { mutate } = check;
  const failure = check.error === null ? undefined : toAppError(check.error);
  const asked = check.variables?.reference ?? reference;
  // What cannot be a reference is said at the field, which is marked: the entry is what to correct.
  const fieldProblem = problem ?? (failure?.code === 'validation' ? `${failure.message} ${referenceShape}` : undefined);

  // Each new request (its version) is checked once, as if typed in and "Check now" pressed; focus
  // goes to the field, so a paste from elsewhere (whose box is now hidden) leaves it where it is seen.
  const requested = request?.reference;
  const requestVersion = request?.version;
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (requested === undefined || requestVersion === undefined) return;
    setReference(requested);
    setProblem(undefined);
    mutate({ reference: requested, watch: false });
    field.current?.focus();
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
            ref={field}
            value={reference}
            spellCheck={false}
            autoComplete="off"
            placeholder="e.g. 3f2a… or https://…/purchases/3f2a…"
            aria-invalid={fieldProblem !== undefined}
            aria-describedby={fieldProblem === undefined ? `${id}-hint` : `${id}-error`}
            onChange={(event) => { setReference(event.target.value); }}
          />
          <p className="field-hint" id={`${id}-hint`}>A purchase the service knows joins your history; nothing is bought again. A copied ID pasted anywhere in TitleDesk (<kbd>Ctrl</kbd>+<kbd>V</kbd>) is looked up at once.</p>
          {fieldProblem === undefined ? null : <p className="field-error" id={`${id}-error`} role="alert">{fieldProblem}</p>}
        </div>
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={check.isPending}>Check now</button>
          <button type="button" disabled={check.isPending} onClick={() => { run(true); }}>Watch until done</button>
        </div>
      </form>
      {check.isPending ? <p aria-live="polite">Checking…</p> : null}
      {failure === undefined || failure.code === 'validation' ? null : failure.code === 'not_found' ? (
        <NotFound reference={asked} environmentName={environmentName} onKeep={() => { check.mutate({ reference: asked, watch: false, keep: true }); }} />
      ) : <ErrorNotice error={failure} />}
      {check.data === undefined ? null : <LookupResult id={check.data.id} onShowRequests={onShowRequests} />}
    </section>
  );
}

const referenceShape = 'Paste a purchase ID (letters, digits and dashes, such as 2ae93f76-5c1d-4b8e-9f3a-6d2e8c1b7a90) or its whole result URL.';

/** The ID in what was pasted: itself, or the last part of a result URL. */
function idIn(reference: string): string {
  const text = reference.trim();
  return /^https?:\/\//i.test(text) || text.startsWith('/') ? (text.split('/').filter((part) => part !== '').at(-1) ?? text) : text;
}

/** A 404: which ID, on which environment, what to check; keeping it anyway is there, out of the way. */
function NotFound({ reference, environmentName, onKeep }: { readonly reference: string; readonly environmentName: string; readonly onKeep: () => void }) {
  return (
    <div className="error-notice lookup-not-found" role="alert" data-error-code="not_found">
      <p className="error-message">No purchase with ID <code>{idIn(reference)}</code> on {environmentName}.</p>
      <p>The service does not know it (HTTP 404). Nothing was saved. Check:</p>
      <ul className="lookup-checks">
        <li>Compare it with the ID you were given, character by character: a full ID is often 36 characters.</li>
        <li>Check it was bought on {environmentName}: choose its environment in the header if not.</li>
        <li>Paste the whole ID or result URL, without a trailing full stop or quotes.</li>
      </ul>
      <details className="lookup-more">
        <summary>More</summary>
        <p>If the service will know it later (it was just bought elsewhere), keep it in your history to check again then.</p>
        <button type="button" className="button-quiet" onClick={onKeep}>Keep it in the history anyway</button>
      </details>
    </div>
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
