import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BatchSummary } from '../../../shared/purchase/batch.ts';
import type { Environment } from '../../../shared/environment/environment.ts';
import { batchKeys } from '../../api/query-keys.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { formatTotals } from '../common/money.ts';
import { BudgetRemaining } from '../spending/BudgetRemaining.tsx';
import { BatchInput } from './BatchInput.tsx';
import { ConfirmBatch } from './ConfirmBatch.tsx';
import { BatchProgress } from './BatchProgress.tsx';
import { BatchTable } from './BatchTable.tsx';
import { downloadBase64 } from './batch-labels.ts';
import './batch.css';
import { useBatchAction, useBatchItemsQuery, useBatchQuery, useExportBatchMutation, usePreviewBatchMutation } from './batch-queries.ts';
import { formatNumber } from '../common/number.ts';

function previewLine(summary: BatchSummary): string {
  const c = summary.counts;
  return `${formatNumber(summary.itemCount)} lines: ${formatNumber(c.queued)} to buy for ${formatTotals(summary.toSpend)}, ${formatNumber(c.reused)} reused, ${formatNumber(c.refused)} refused.`;
}

interface BatchProps {
  readonly environment: Environment;
  readonly id: string;
  readonly onNew: () => void;
  /** Back to the form as it was (file and options kept), the draft set aside. */
  readonly onChangeOptions: () => void;
}

function Batch({ environment, id, onNew, onChangeOptions }: BatchProps) {
  const summary = useBatchQuery(id).data;
  const running = summary?.state === 'running';
  const items = useBatchItemsQuery(id, running);
  const { refetch } = items;
  // The last lines may settle after the last once-a-second read: read them again when the run stops.
  useEffect(() => {
    if (!running) void refetch();
  }, [running, refetch]);
  const start = useBatchAction('batch:start');
  const pause = useBatchAction('batch:pause');
  const cancel = useBatchAction('batch:cancel');
  const exporter = useExportBatchMutation();
  const [confirming, setConfirming] = useState(false);
  if (summary === undefined) return <p className="muted">Loading the batch…</p>;
  const draft = summary.state === 'draft';
  const resumable = summary.state === 'paused' || summary.state === 'stopped';
  const save = (format: 'csv' | 'xlsx' | 'json'): void => {
    exporter.mutate({ id, format }, { onSuccess: (file) => { downloadBase64(file.fileName, file.mediaType, file.base64); } });
  };
  return (
    <div className="batch">
      {draft ? <p className="batch-preview-line">{previewLine(summary)}</p> : <BatchProgress summary={summary} />}
      <BudgetRemaining environmentId={environment.id} />
      {draft && summary.budgetAllows !== null ? (
        <p className="notice" role="status">The budget allows the first {formatNumber(summary.budgetAllows)} lines to buy; the batch will stop before the next.</p>
      ) : null}
      <div className="form-actions">
        {draft ? <button type="button" className="button-primary" disabled={summary.counts.queued === 0} onClick={() => { setConfirming(true); }}>Buy…</button> : null}
        {draft ? <button type="button" onClick={() => { cancel.mutate(id, { onSuccess: onChangeOptions }); }}>Change options</button> : null}
        {running ? <button type="button" onClick={() => { pause.mutate(id); }}>Pause</button> : null}
        {resumable ? <button type="button" className="button-primary" onClick={() => { start.mutate(id); }}>Resume</button> : null}
        {draft || running || resumable ? <button type="button" onClick={() => { cancel.mutate(id); }}>Cancel the batch</button> : null}
        <button type="button" onClick={() => { save('csv'); }}>Export CSV</button>
        <button type="button" onClick={() => { save('xlsx'); }}>Export Excel</button>
        <button type="button" onClick={() => { save('json'); }}>Export JSON</button>
        <button type="button" onClick={onNew}>New batch</button>
      </div>
      {[start, pause, cancel].map((action, index) => (action.isError ? <ErrorNotice key={index} error={action.error} /> : null))}
      {exporter.isError ? <ErrorNotice error={exporter.error} /> : null}
      {items.data === undefined ? null : <BatchTable items={items.data} />}
      {confirming ? (
        <ConfirmBatch environment={environment} summary={summary} items={items.data ?? []} onCancel={() => { setConfirming(false); }} onConfirm={() => { setConfirming(false); start.mutate(id); }} />
      ) : null}
    </div>
  );
}

/** Batches: a file in, a preview, one confirmation, live progress, and the results out. */
export function BatchView({ environment }: { readonly environment: Environment }) {
  const preview = usePreviewBatchMutation();
  const queryClient = useQueryClient();
  const [id, setId] = useState<string | undefined>();
  // A new form for each new batch; while a draft is previewed the form stays (hidden) as it was.
  const [form, setForm] = useState(0);
  const back = (fresh: boolean): void => {
    if (id !== undefined) queryClient.removeQueries({ queryKey: batchKeys.items(id) });
    if (fresh) setForm(form + 1);
    setId(undefined);
    preview.reset();
  };
  return (
    <section className="batch-view" aria-labelledby="batch-heading">
      <h2 id="batch-heading">Batch</h2>
      <div hidden={id !== undefined}>
        <BatchInput key={form} environment={environment} pending={preview.isPending} onPreview={(input) => { preview.mutate(input, { onSuccess: ({ batch }) => { setId(batch.id); } }); }} />
        {preview.isError ? <ErrorNotice error={preview.error} /> : null}
      </div>
      {id === undefined ? null : <Batch environment={environment} id={id} onNew={() => { back(true); }} onChangeOptions={() => { back(false); }} />}
    </section>
  );
}
