import { useId, useState } from 'react';
import type { Environment } from '../../../shared/environment.ts';
import { minWaitSecondsSchema, type PurchaseOptions } from '../../../shared/purchase.ts';
import { Dialog } from '../../components/common/Dialog.tsx';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { AppError } from '../../api/app-error.ts';
import { formatTotals } from '../common/money.ts';
import { BudgetRemaining } from '../spending/BudgetRemaining.tsx';
import { useCreatePurchaseMutation } from '../purchases/purchase-queries.ts';
import type { SelectionSummary } from './catalog-selection.ts';

export interface BuyBarProps {
  readonly environment: Environment;
  readonly titleNumber: string;
  readonly summary: SelectionSummary;
  /** The sandbox's own test titles, or one the user marked: a test delay may be asked. */
  readonly testTitle: boolean;
  readonly markedTestTitle: boolean;
  readonly onMarkTestTitle: (marked: boolean) => void;
  readonly onBought: () => void;
}

export function variablesPhrase(count: number): string {
  return `${String(count)} ${count === 1 ? 'variable' : 'variables'}`;
}

/** The running count and total, the purchase options, and the confirmed Buy. */
export function BuyBar({ environment, titleNumber, summary, testTitle, markedTestTitle, onMarkTestTitle, onBought }: BuyBarProps) {
  const id = useId();
  const create = useCreatePurchaseMutation();
  const [fireAndForget, setFireAndForget] = useState(false);
  const [delay, setDelay] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState('');
  const [buyAgain, setBuyAgain] = useState(false);
  const secondConfirmation = create.error instanceof AppError && create.error.code === 'confirmation_required' ? create.error : undefined;
  const delaySeconds = delay.trim() === '' ? undefined : Number(delay);
  const delayValid = delaySeconds === undefined || minWaitSecondsSchema.safeParse(delaySeconds).success;
  const total = formatTotals(summary.totals);
  const label = `Buy ${variablesPhrase(summary.count)} for ${total}`;

  function buy(confirmed = false): void {
    const clickedAt = Date.now();
    const options: PurchaseOptions = {};
    if (fireAndForget) options.fireAndForget = true;
    if (testTitle && delaySeconds !== undefined && delaySeconds > 0) options.minWaitSeconds = delaySeconds;
    setConfirming(false);
    create.mutate(
      { titleNumber, variables: summary.iris, options, buyAgain, confirmed },
      {
        onSuccess: (record) => {
          // Reuse: a purchase of variables already held is not sent; the earlier one comes back.
          const earlier = record.state === 'available' && record.createdAt < clickedAt - 1000;
          setSent(earlier
            ? `Already bought on ${new Date(record.createdAt).toLocaleString()}: not bought again. Its values are under Purchases; tick “Buy again anyway” to buy them anew.`
            : record.variables.length < summary.count
              ? `Purchase of ${variablesPhrase(record.variables.length)} of ${titleNumber} sent; ${variablesPhrase(summary.count - record.variables.length)} bought recently ${summary.count - record.variables.length === 1 ? 'was' : 'were'} not bought again.`
              : `Purchase of ${variablesPhrase(summary.count)} of ${titleNumber} sent: follow it under Purchases.`);
          onBought();
        },
      },
    );
  }

  return (
    <div className="buy-bar">
      <p className="selection-total" aria-live="polite">
        {summary.count === 0 ? 'No variables selected' : `${variablesPhrase(summary.count)} selected, ${total}`}
      </p>
      <div className="buy-options">
        <label>
          <input type="checkbox" checked={fireAndForget} onChange={(event) => { setFireAndForget(event.target.checked); }} />
          Fire and forget (don’t wait: check the result later)
        </label>
        <label>
          <input type="checkbox" checked={buyAgain} onChange={(event) => { setBuyAgain(event.target.checked); }} />
          Buy again anyway (even variables bought recently)
        </label>
        {environment.builtIn === true ? null : (
          <label>
            <input type="checkbox" checked={markedTestTitle} onChange={(event) => { onMarkTestTitle(event.target.checked); }} />
            {titleNumber} is a test title
          </label>
        )}
        {testTitle ? (
          <span className="test-delay">
            <label htmlFor={`${id}-delay`}>Test delay (seconds)</label>
            <input
              id={`${id}-delay`}
              inputMode="numeric"
              size={5}
              value={delay}
              aria-invalid={!delayValid}
              aria-describedby={`${id}-delay-hint`}
              onChange={(event) => { setDelay(event.target.value); }}
            />
            <span className="field-hint" id={`${id}-delay-hint`}>The service keeps answering “not ready” this long (test titles only).</span>
          </span>
        ) : null}
      </div>
      <button type="button" className="button-primary" disabled={summary.count === 0 || !delayValid || create.isPending} onClick={() => { setConfirming(true); }}>
        {summary.count === 0 ? 'Buy' : label}
      </button>
      <BudgetRemaining environmentId={environment.id} />
      <p role="status" className="muted">{create.isPending ? 'Sending the purchase…' : sent}</p>
      {create.isError && secondConfirmation === undefined ? <ErrorNotice error={create.error} /> : null}
      {secondConfirmation === undefined ? null : (
        <Dialog title="Confirm again" onClose={() => { create.reset(); }}>
          <div className="confirm-purchase">
            <p>{secondConfirmation.message}</p>
            <div className="form-actions">
              <button type="button" className="button-primary" onClick={() => { buy(true); }}>Yes, buy for {total}</button>
              <button type="button" onClick={() => { create.reset(); }}>Cancel</button>
            </div>
          </div>
        </Dialog>
      )}
      {confirming ? (
        <Dialog title="Confirm purchase" onClose={() => { setConfirming(false); }}>
          <div className="confirm-purchase">
            <p>
              Buy {variablesPhrase(summary.count)} of title <strong>{titleNumber}</strong> for <strong>{total}</strong> on{' '}
              <span className={environment.builtIn === true ? 'badge badge-sandbox' : 'badge badge-live'}>{environment.name}</span>?
            </p>
            <p>
              {environment.builtIn === true
                ? 'This is the built-in Sandbox: nothing real is bought and nothing is charged.'
                : `This is a real purchase from ${environment.baseUrl} and will be charged.`}
            </p>
            {fireAndForget ? <p className="muted">Fire and forget: the result is not fetched until you check it.</p> : null}
            <div className="form-actions">
              <button type="button" className="button-primary" onClick={() => { buy(); }}>Buy for {total}</button>
              <button type="button" onClick={() => { setConfirming(false); }}>Cancel</button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
