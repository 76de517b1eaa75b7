import { useEffect, useState } from 'react';
import type { BatchItemState, BatchSummary } from '../../../shared/purchase/batch.ts';
import { batchItemStates } from '../../../shared/purchase/batch.ts';
import { linesBeingBoughtText } from '../../../shared/purchase/batch-words.ts';
import { formatTotals } from '../common/money.ts';
import { batchLabels, batchStateLabels, etaText } from './batch-labels.ts';
import { formatNumber } from '../common/number.ts';

const finished: readonly BatchItemState[] = ['available', 'reused', 'refused', 'failed', 'unknown', 'cancelled'];

/** The service did not take the last line: why, and a countdown to the next try (nothing was charged for it). */
function WaitingForService({ waiting }: { readonly waiting: NonNullable<BatchSummary['waiting']> }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => { setNow(Date.now()); }, 1000);
    return () => { clearInterval(timer); };
  }, []);
  const seconds = Math.max(0, Math.ceil((waiting.retryAt - now) / 1000));
  return (
    <p className="notice" role="status" data-testid="batch-waiting">
      Waiting for the service: {waiting.reason} Lines not sent cost nothing; one line tries again {seconds === 0 ? 'now' : `in ${String(seconds)} s`}, and the batch goes on by itself once the service answers.
    </p>
  );
}

/** The progress bar, counts per state, money spent so far and the time left. */
export function BatchProgress({ summary }: { readonly summary: BatchSummary }) {
  const done = finished.reduce((sum, state) => sum + summary.counts[state], 0);
  const percent = summary.itemCount === 0 ? 100 : Math.round((done / summary.itemCount) * 100);
  return (
    <div className="batch-progress">
      <p>
        <strong>{batchLabels[summary.state]}</strong> · {formatNumber(done)} of {formatNumber(summary.itemCount)} lines done
        {summary.counts.sending + summary.counts.pending > 0 ? ` · ${linesBeingBoughtText(summary)}` : ''} · spent{' '}
        <span data-testid="batch-spent">{formatTotals(summary.spent)}</span>
        {summary.state === 'running' && summary.etaMs !== null && summary.waiting === null ? ` · ${etaText(summary.etaMs)}` : ''}
      </p>
      <div role="progressbar" aria-label="Batch progress" aria-valuemin={0} aria-valuemax={summary.itemCount} aria-valuenow={done} className="batch-bar">
        <span style={{ width: `${String(percent)}%` }} />
      </div>
      <ul className="batch-counts" aria-label="Lines per state">
        {batchItemStates.filter((state) => summary.counts[state] > 0).map((state) => (
          <li key={state} className={`batch-state-${state}`}>{batchStateLabels[state]}: {formatNumber(summary.counts[state])}</li>
        ))}
      </ul>
      {summary.state === 'running' && summary.waiting !== null ? <WaitingForService waiting={summary.waiting} /> : null}
      {summary.stoppedBy === 'budget' ? (
        <p className="notice" role="status">The budget stopped this batch before a line that would have gone over it. Raise the budget under Settings → Spending, then resume.</p>
      ) : null}
    </div>
  );
}
