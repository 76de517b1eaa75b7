import type { BatchSummary } from '../../../shared/batch.ts';
import type { Environment } from '../../../shared/environment.ts';
import { Dialog } from '../../components/common/Dialog.tsx';
import { formatTotals } from '../common/money.ts';
import { formatNumber } from '../common/number.ts';

export interface ConfirmBatchProps {
  readonly environment: Environment;
  readonly summary: BatchSummary;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** The one confirmation of a whole batch, naming the environment as a single purchase's does. */
export function ConfirmBatch({ environment, summary, onConfirm, onCancel }: ConfirmBatchProps) {
  return (
    <Dialog title="Confirm batch" onClose={onCancel}>
      <div className="confirm-purchase">
        <p>
          Buy {summary.spec.variables.length} variables of <strong>{formatNumber(summary.counts.queued)} titles</strong> for{' '}
          <strong>{formatTotals(summary.toSpend)}</strong> on{' '}
          <span className={environment.builtIn === true ? 'badge badge-sandbox' : 'badge badge-live'}>{environment.name}</span>?
        </p>
        <p>{environment.builtIn === true ? 'This is the built-in Sandbox: nothing real is bought and nothing is charged.' : `These are real purchases from ${environment.baseUrl} and will be charged.`}</p>
        <div className="form-actions">
          <button type="button" className="button-primary" onClick={onConfirm}>Buy for {formatTotals(summary.toSpend)}</button>
          <button type="button" onClick={onCancel}>Cancel</button>
        </div>
      </div>
    </Dialog>
  );
}
