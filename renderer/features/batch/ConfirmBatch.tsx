import type { BatchItem, BatchSummary } from '../../../shared/purchase/batch.ts';
import type { Environment } from '../../../shared/environment/environment.ts';
import { Dialog } from '../../components/common/Dialog.tsx';
import { formatTotals, sumMoney } from '../common/money.ts';
import { formatNumber } from '../common/number.ts';

/** What a batch buys from, counted: titles as always; an address batch's lines say which catalog. */
function linesText(summary: BatchSummary): string {
  const count = formatNumber(summary.counts.queued);
  const lines = `${count} ${summary.counts.queued === 1 ? 'line' : 'lines'}`;
  switch (summary.spec.from ?? 'titles') {
    case 'titles':
      return `${count} titles`;
    case 'address':
      return `${lines} (each address from its own catalog)`;
    case 'uprn':
      return `${lines} (each address from its UPRN’s catalog)`;
  }
}

export interface ConfirmBatchProps {
  readonly environment: Environment;
  readonly summary: BatchSummary;
  /** The batch's lines, to price those the budget lets through. */
  readonly items: readonly BatchItem[];
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** The one confirmation of a whole batch, naming the environment as a single purchase's does. */
export function ConfirmBatch({ environment, summary, items, onConfirm, onCancel }: ConfirmBatchProps) {
  // The budget stops the batch before the first line it cannot pay for: say so before it starts.
  const allowed = summary.budgetAllows;
  const first = allowed === null ? [] : items.filter((item) => item.state === 'queued').slice(0, allowed);
  const allowedCost = formatTotals(sumMoney(first.flatMap((item) => item.cost)));
  return (
    <Dialog title="Confirm batch" onClose={onCancel}>
      <div className="confirm-purchase">
        <p>
          Buy {summary.spec.variables.length} {summary.spec.variables.length === 1 ? 'variable' : 'variables'} of <strong>{linesText(summary)}</strong> for{' '}
          <strong>{formatTotals(summary.toSpend)}</strong> on{' '}
          <span className={environment.builtIn === true ? 'badge badge-sandbox' : 'badge badge-live'}>{environment.name}</span>?
        </p>
        {allowed === null ? null : (
          <p className="notice" role="note">
            {allowed === 0
              ? 'The budget stops it before the first title: nothing would be bought. Raise the budget in Settings → Spending first.'
              : <>The budget will stop it after <strong>{formatNumber(allowed)} {allowed === 1 ? 'title' : 'titles'}</strong> ({allowedCost}); the other {formatNumber(summary.counts.queued - allowed)} stay unbought until the budget allows them.</>}
          </p>
        )}
        <p>{environment.builtIn === true ? 'This is the built-in Sandbox: nothing real is bought and nothing is charged.' : `These are real purchases from ${environment.baseUrl} and will be charged.`}</p>
        <div className="form-actions">
          {/* Focused on opening, so Enter confirms as a single purchase's confirmation does. */}
          <button type="button" className="button-primary" data-autofocus disabled={allowed === 0} onClick={onConfirm}>
            {allowed === null || allowed === 0 ? `Buy for ${formatTotals(summary.toSpend)}` : `Buy the first ${formatNumber(allowed)} for ${allowedCost}`}
          </button>
          <button type="button" onClick={onCancel}>Cancel</button>
        </div>
      </div>
    </Dialog>
  );
}
