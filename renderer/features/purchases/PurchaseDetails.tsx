import { useState } from 'react';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { useEnvironmentsQuery } from '../../api/environment-queries.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { humanErrorMessage } from '../../../shared/errors/error-messages.ts';
import { purchaseLink } from '../../../shared/purchase/deep-link.ts';
import { copyText, downloadText } from '../common/download.ts';
import { RecoveryActions } from './RecoveryActions.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import { exportFileName, purchaseCsv, purchaseJson } from './purchase-export.ts';
import { useCancelPurchaseMutation, useCheckPurchaseMutation, useRecheckPurchaseMutation } from './purchase-queries.ts';
import { formatSeconds, stepText, summariseTimeline } from './timeline.ts';
import { titleNotNamed } from './purchase-labels.ts';
import { resourceName } from '../common/resource-words.ts';
import { ReportButton } from '../report/ReportButton.tsx';

export interface PurchaseDetailsProps {
  readonly record: PurchaseRecord;
  /** Opens the requests drawer on this purchase. */
  readonly onShowRequests: (id: string) => void;
  /** Takes the user to the lookup, for an outcome-unknown purchase without an ID. */
  readonly onLookUp: () => void;
}

/** An expanded purchase: what went wrong and what to do, its timeline, its results, its exports. */
export function PurchaseDetails({ record, onShowRequests, onLookUp }: PurchaseDetailsProps) {
  return (
    <div className="purchase-details">
      <PurchaseActions record={record} onLookUp={onLookUp} />
      <dl className="facts">
        {record.resource !== undefined ? (
          <>
            <dt>Bought from</dt>
            <dd>{resourceName(record.resource)}</dd>
          </>
        ) : record.titleNumber === undefined ? (
          <>
            <dt>Title</dt>
            <dd className="muted">Not known: {titleNotNamed} (its result names only the variables bought)</dd>
          </>
        ) : null}
        {record.address === undefined ? null : (
          <>
            <dt>Address</dt>
            <dd>{record.address}</dd>
          </>
        )}
        <dt>Purchase ID</dt>
        <dd>{record.purchaseId === undefined ? <span className="muted">None yet</span> : <code className="purchase-id">{record.purchaseId}</code>}</dd>
        {record.resultUrl === undefined ? null : (
          <>
            <dt>Result URL</dt>
            <dd><code className="result-url">{record.resultUrl}</code></dd>
          </>
        )}
      </dl>
      <Timeline record={record} />
      {record.items === undefined ? null : <ResultsTable items={record.items} totals={record.totals ?? []} />}
      <ExportBar record={record} onShowRequests={onShowRequests} />
      {record.titleNumber !== undefined ? <ReportButton request={{ titles: [{ titleNumber: record.titleNumber }] }} />
        : record.resource === undefined ? null
        : <ReportButton request={{ titles: [], resources: [record.resource], ...(record.address === undefined ? {} : { address: record.address }) }} />}
    </div>
  );
}

function PurchaseActions({ record, onLookUp }: { readonly record: PurchaseRecord; readonly onLookUp: () => void }) {
  const recheck = useRecheckPurchaseMutation();
  const cancel = useCancelPurchaseMutation();
  const check = useCheckPurchaseMutation();
  const failure = recheck.error ?? cancel.error ?? check.error;
  const reference = record.purchaseId ?? record.resultUrl;
  return (
    <div className="purchase-actions">
      {record.state === 'failed' ? (
        <div className="purchase-problem" role="note">
          <p className="error-message">{record.error === undefined ? 'The purchase failed.' : humanErrorMessage(record.error)}</p>
          {record.error?.message === undefined || record.error.message === '' ? null : <p className="error-detail">{record.error.message}</p>}
          <button type="button" disabled={record.resultUrl === undefined || recheck.isPending} onClick={() => { recheck.mutate(record.id); }}>Check again</button>
        </div>
      ) : null}
      <RecoveryActions record={record} />
      {record.state === 'outcome_unknown' && reference !== undefined ? (
        <p>
          It has a purchase ID, so the service can be asked.{' '}
          <button type="button" disabled={check.isPending} onClick={() => { check.mutate({ reference, watch: true }); }}>Check by ID</button>
        </p>
      ) : null}
      {record.state === 'outcome_unknown' && reference === undefined ? (
        <p>
          If the service gave you a purchase ID for it, <button type="button" className="button-link" onClick={onLookUp}>look it up by ID</button> before buying again.
        </p>
      ) : null}
      {record.state === 'cancelled' ? (
        <p>
          No longer being checked.{' '}
          <button type="button" disabled={recheck.isPending} onClick={() => { recheck.mutate(record.id); }}>Check again</button>
        </p>
      ) : null}
      {(record.state === 'pending' || record.state === 'submitting') && record.error?.code === 'rate_limited' ? <p className="error-detail" role="status">{record.error.message}</p> : null}
      {record.state === 'pending' && record.autoCheck ? (
        <button type="button" className="button-quiet" disabled={cancel.isPending} onClick={() => { cancel.mutate(record.id); }}>Stop checking</button>
      ) : null}
      {record.state === 'pending' && !record.autoCheck && reference !== undefined ? (
        <p>
          Sent without waiting: its result is fetched when you ask.{' '}
          <button type="button" disabled={check.isPending} onClick={() => { check.mutate({ reference, watch: false }); }}>Check now</button>{' '}
          <button type="button" disabled={check.isPending} onClick={() => { check.mutate({ reference, watch: true }); }}>Watch until done</button>
        </p>
      ) : null}
      {failure === null ? null : <ErrorNotice error={failure} />}
    </div>
  );
}

function Timeline({ record }: { readonly record: PurchaseRecord }) {
  const steps = summariseTimeline(record.timeline);
  if (steps.length === 0) return <p className="timeline muted">No requests sent yet.</p>;
  return (
    <ol className="timeline" aria-label="Timeline">
      {steps.map((step, index) => (
        <li key={index}>
          <span className="timeline-step">{stepText(step)}</span>{' '}
          <span className="muted">
            {formatSeconds(step.firstAt)}
            {step.count > 1 ? `–${formatSeconds(step.lastAt)}` : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}

function ExportBar({ record, onShowRequests }: { readonly record: PurchaseRecord; readonly onShowRequests: (id: string) => void }) {
  // What the last of these buttons did, said in its words: never an older action's note.
  const [done, setDone] = useState('');
  async function copy(what: string, text: string): Promise<void> {
    setDone('');
    setDone((await copyText(text)) ? `Copied ${what}.` : `Could not copy the ${what}: the clipboard is not available.`);
  }
  function save(extension: 'csv' | 'json'): void {
    const fileName = exportFileName(record, extension);
    if (extension === 'csv') downloadText(fileName, 'text/csv;charset=utf-8', purchaseCsv(record, environmentName));
    else downloadText(fileName, 'application/json', purchaseJson(record));
    setDone(`Saved ${fileName}.`);
  }
  const hasItems = record.items !== undefined && record.items.length > 0;
  // The CSV names the environment as the user does; the id only if the list is not loaded.
  const environmentName = useEnvironmentsQuery().data?.environments.find((environment) => environment.id === record.environmentId)?.name;
  return (
    <div className="export-bar">
      {record.purchaseId === undefined ? null : <button type="button" onClick={() => { void copy('purchase ID', record.purchaseId ?? ''); }}>Copy purchase ID</button>}
      {/* A titledesk://purchase/<id> link opens this purchase in Look up in the desktop app (for tickets). */}
      {record.purchaseId === undefined ? null : <button type="button" onClick={() => { void copy('link', purchaseLink(record.purchaseId ?? '')); }}>Copy link</button>}
      {record.resultUrl === undefined ? null : <button type="button" onClick={() => { void copy('result URL', record.resultUrl ?? ''); }}>Copy result URL</button>}
      <button type="button" onClick={() => { void copy('JSON', purchaseJson(record)); }}>Copy JSON</button>
      <button type="button" disabled={!hasItems} onClick={() => { save('csv'); }}>Export CSV</button>
      <button type="button" onClick={() => { save('json'); }}>Export JSON</button>
      <button type="button" className="button-quiet" onClick={() => { setDone(''); onShowRequests(record.id); }}>Show requests</button>
      <span className="muted" role="status">{done}</span>
    </div>
  );
}
