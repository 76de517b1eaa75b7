import { useEffect, useId, useState } from 'react';
import { environmentKindOf, type Environment } from '../../../shared/environment/environment.ts';
import { describeResource, type CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import { minWaitSecondsSchema, type PurchaseOptions, type PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { Dialog } from '../../components/common/Dialog.tsx';
import { AppError } from '../../api/app-error.ts';
import { badgeOf } from '../../components/common/environment-badge.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { formatDateTime } from '../../format-time.ts';
import { formatTotals } from '../common/money.ts';
import { BudgetRemaining } from '../spending/BudgetRemaining.tsx';
import { budgetShortfall } from '../spending/budget-shortfall.ts';
import { useSpendingStatusQuery } from '../../api/spending-queries.ts';
import { useCreatePurchaseMutation } from '../purchases/purchase-queries.ts';
import type { SelectionSummary } from './catalog-selection.ts';
import { useReserveBarHeight } from './use-reserve-bar-height.ts';
import { useBuyShortcut } from './use-buy-shortcut.ts';
import { NoAnswerNotice, SendingCountdown } from './SendOutcome.tsx';

export interface BuyBarProps {
  readonly environment: Environment;
  /** The catalog bought from: a title's, a postal address's or a UPRN's. */
  readonly resource: CatalogResource;
  /** The address the title was reached from: kept on the purchase's record. */
  readonly address?: string | undefined;
  readonly summary: SelectionSummary;
  /** The sandbox's own test titles, or one the user marked: a test delay may be asked. */
  readonly testTitle: boolean;
  readonly markedTestTitle: boolean;
  readonly onMarkTestTitle: (marked: boolean) => void;
  /** Called once the service accepted the purchase (not when it failed or its outcome is unknown). */
  readonly onBought: (record: PurchaseRecord) => void;
}

/** The service took the purchase: it named a result to follow. Anything else keeps the selection. */
export function purchaseAccepted(record: PurchaseRecord): boolean {
  // Journaled and going on by itself (after sign-in) or with one click (Send now): not a refusal.
  if (record.state === 'waiting_for_sign_in' || record.state === 'not_sent') return true;
  return record.resultUrl !== undefined || record.purchaseId !== undefined;
}

/** What buying here means; only a Live environment warns of a real charge. */
function confirmationText(environment: Environment): string {
  switch (environmentKindOf(environment)) {
    case 'sandbox':
      return 'This is the built-in Sandbox: nothing real is bought and nothing is charged.';
    case 'live':
      return `This is a real purchase from ${environment.baseUrl} and will be charged.`;
    case 'staging':
    case 'local':
      return `This is a test service (${environment.baseUrl}), marked as not Live in Settings.`;
  }
}

/** How long "Purchase … sent" stays: by then focus is on its row in the list, which says the rest. */
export const sentNoteMs = 5000;

export function variablesPhrase(count: number): string {
  return `${String(count)} ${count === 1 ? 'variable' : 'variables'}`;
}

/** "Options", or "Options: buy again anyway, test delay 10 s": a folded option never goes unseen. */
function optionsSummary(set: readonly (string | false)[]): string {
  const named = set.filter((option) => option !== false);
  return named.length === 0 ? 'Options' : `Options: ${named.join(', ')}`;
}

/** The running count and total, the purchase options, and the confirmed Buy. */
export function BuyBar({ environment, resource, address, summary, testTitle, markedTestTitle, onMarkTestTitle, onBought }: BuyBarProps) {
  const id = useId();
  const barRef = useReserveBarHeight<HTMLDivElement>();
  const create = useCreatePurchaseMutation();
  const [fireAndForget, setFireAndForget] = useState(false);
  const [delay, setDelay] = useState('');
  const [confirming, setConfirming] = useState(false);
  // What the last Buy did; `fades`: a "sent" note, which goes once its row has had time to show.
  const [sent, setSent] = useState<{ text: string; fades: boolean }>({ text: '', fades: false });
  const [selectionSeen, setSelectionSeen] = useState(summary.count);
  // A new selection is not the one the note speaks of.
  if (summary.count !== selectionSeen) {
    setSelectionSeen(summary.count);
    if (summary.count > 0 && sent.text !== '') setSent({ text: '', fades: false });
  }
  useEffect(() => {
    if (!sent.fades) return undefined;
    const timer = setTimeout(() => { setSent({ text: '', fades: false }); }, sentNoteMs);
    return () => { clearTimeout(timer); };
  }, [sent]);
  const [buyAgain, setBuyAgain] = useState(false);
  const secondConfirmation = create.error instanceof AppError && create.error.code === 'confirmation_required' ? create.error : undefined;
  const [refused, setRefused] = useState<PurchaseRecord | undefined>();
  const delaySeconds = delay.trim() === '' ? undefined : Number(delay);
  const delayValid = delaySeconds === undefined || minWaitSecondsSchema.safeParse(delaySeconds).success;
  const total = formatTotals(summary.totals);
  const label = `Buy ${variablesPhrase(summary.count)} for ${total}`;
  const spending = useSpendingStatusQuery(environment.id).data;
  const overBudget = spending === undefined ? undefined : budgetShortfall(spending, summary.totals);
  const canBuy = summary.count > 0 && delayValid && !create.isPending && overBudget === undefined;
  useBuyShortcut(barRef, () => { if (canBuy) setConfirming(true); });
  // A title is said by its number alone, as before; "address 8e05p·0" and "UPRN 100023336956" by kind.
  const what = resource.kind === 'title' ? resource.key : describeResource(resource);
  const [kindWord, key] = [describeResource(resource).slice(0, -resource.key.length).trim(), resource.key];

  function buy(confirmed = false): void {
    const clickedAt = Date.now();
    const options: PurchaseOptions = {};
    if (fireAndForget) options.fireAndForget = true;
    if (testTitle && delaySeconds !== undefined && delaySeconds > 0) options.minWaitSeconds = delaySeconds;
    setConfirming(false);
    setSent({ text: '', fades: false });
    setRefused(undefined);
    create.mutate(
      { resource, address, variables: summary.iris, options, buyAgain, confirmed },
      {
        onSuccess: (record) => {
          if (!purchaseAccepted(record)) {
            setRefused(record);
            return;
          }
          // Reuse: a purchase of variables already held is not sent; the earlier one comes back.
          const earlier = record.state === 'available' && record.createdAt < clickedAt - 1000;
          setSent(earlier
            ? { text: `Already bought on ${formatDateTime(record.createdAt)}: not bought again. Its values are under Purchases; tick “Buy again anyway” to buy them anew.`, fades: false }
            : record.variables.length < summary.count
              ? { text: `Purchase of ${variablesPhrase(record.variables.length)} of ${what} sent; ${variablesPhrase(summary.count - record.variables.length)} bought recently ${summary.count - record.variables.length === 1 ? 'was' : 'were'} not bought again.`, fades: false }
              : { text: `Purchase of ${variablesPhrase(summary.count)} of ${what} sent: follow it under Purchases.`, fades: true });
          onBought(record);
        },
      },
    );
  }

  return (
    <div className="buy-bar" ref={barRef}>
      <p className="selection-total" aria-live="polite">
        {summary.count === 0 ? 'No variables selected' : `${variablesPhrase(summary.count)} selected, ${total}`}
      </p>
      <button
        type="button"
        className="button-primary"
        disabled={!canBuy}
        aria-keyshortcuts="Control+Enter"
        aria-describedby={overBudget === undefined ? undefined : `${id}-budget`}
        onClick={() => { setConfirming(true); }}
      >
        {summary.count === 0 ? 'Buy' : label}
      </button>
      <span className="buy-shortcut muted" aria-hidden="true"><kbd>Ctrl</kbd>+<kbd>Enter</kbd></span>
      {overBudget === undefined ? null : <p className="buy-blocked" id={`${id}-budget`} role="status">{overBudget}</p>}
      <BudgetRemaining environmentId={environment.id} />
      <p role="status" className="muted buy-note">{create.isPending ? <SendingCountdown since={create.submittedAt} /> : sent.text}</p>
      {/* Folded, so the bar pinned over the catalog stays one row high; its summary names what is set. */}
      <details className="buy-options">
        <summary>{optionsSummary([fireAndForget && 'fire and forget', buyAgain && 'buy again anyway', markedTestTitle && 'test title', delay.trim() !== '' && `test delay ${delay.trim()} s`])}</summary>
        <label>
          <input type="checkbox" checked={fireAndForget} onChange={(event) => { setFireAndForget(event.target.checked); }} />
          Fire and forget (don’t wait: check the result later)
        </label>
        <label>
          <input type="checkbox" checked={buyAgain} onChange={(event) => { setBuyAgain(event.target.checked); }} />
          Buy again anyway (even variables bought recently)
        </label>
        {environment.builtIn === true || resource.kind !== 'title' ? null : (
          <label>
            <input type="checkbox" checked={markedTestTitle} onChange={(event) => { onMarkTestTitle(event.target.checked); }} />
            {key} is a test title
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
      </details>
      {create.isError && secondConfirmation === undefined ? <ErrorNotice error={create.error} /> : null}
      {secondConfirmation === undefined ? null : (
        <Dialog title="Confirm again" onClose={() => { create.reset(); }}>
          <div className="confirm-purchase">
            <p>{secondConfirmation.message}</p>
            <div className="form-actions">
              <button type="button" className="button-primary" data-autofocus onClick={() => { buy(true); }}>Yes, buy for {total}</button>
              <button type="button" onClick={() => { create.reset(); }}>Cancel</button>
            </div>
          </div>
        </Dialog>
      )}
      {refused === undefined ? null : refused.state === 'outcome_unknown' ? <NoAnswerNotice record={refused} environment={environment} /> : (
        <PurchaseRefused record={refused} retry={() => { setConfirming(true); }} busy={create.isPending} />
      )}
      {confirming ? (
        <Dialog title="Confirm purchase" onClose={() => { setConfirming(false); }}>
          <div className="confirm-purchase">
            <p>
              Buy {variablesPhrase(summary.count)} of {kindWord} <strong>{key}</strong>{address === undefined ? '' : ` (${address})`} for <strong>{total}</strong> on{' '}
              <span className={badgeOf(environment).className}>{environment.name}</span>?
            </p>
            <p>
              {confirmationText(environment)}
            </p>
            {fireAndForget ? <p className="muted">Fire and forget: the result is not fetched until you check it.</p> : null}
            <div className="form-actions">
              <button type="button" className="button-primary" data-autofocus onClick={() => { buy(); }}>Buy for {total}</button>
              <button type="button" onClick={() => { setConfirming(false); }}>Cancel</button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

/** Why the purchase was not accepted, where nothing can have been bought: "Try again". (No answer at all: NoAnswerNotice.) */
function PurchaseRefused({ record, retry, busy }: { readonly record: PurchaseRecord; readonly retry: () => void; readonly busy: boolean }) {
  const error = record.error === undefined ? undefined : new AppError(record.error);
  return (
    <div className="purchase-refused">
      <p className="error-message">The purchase was not accepted. Your selection is kept.</p>
      {error === undefined ? null : <ErrorNotice error={error} />}
      <button type="button" disabled={busy} onClick={retry}>Try again</button>
    </div>
  );
}
