import { environmentKindOf, type Environment } from '../../../shared/environment/environment.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { requestTimeoutMs } from '../../../shared/environment/request-limits.ts';
import { useNow } from '../common/use-now.ts';
import { focusPurchaseRow } from '../purchases/focus-purchase-row.ts';
import { noAnswerCause, noAnswerMessage } from '../purchases/no-answer-words.ts';

/** While the purchase is on its way: how long the service has left to answer, counted down. */
export function SendingCountdown({ since }: { readonly since: number }) {
  const now = useNow();
  const left = Math.max(0, Math.ceil((since + requestTimeoutMs - now) / 1000));
  return (
    <>
      Sending the purchase…{' '}
      <span className="countdown">{left > 0 ? `waiting for the service to accept it (${String(left)} s left).` : 'any moment now.'}</span>
    </>
  );
}

/** A purchase sent without an answer back: one message, and its row, where what can be done is. */
export function NoAnswerNotice({ record, environment }: { readonly record: PurchaseRecord; readonly environment: Environment }) {
  const cause = noAnswerCause(record);
  return (
    <div className="purchase-refused no-answer" role="alert">
      <p className="error-message">{noAnswerMessage(environmentKindOf(environment))}</p>
      {cause === undefined ? null : <p className="error-detail">{cause} Your selection is kept.</p>}
      <button type="button" onClick={() => { focusPurchaseRow(record.id); }}>Show its row in Purchases</button>
    </div>
  );
}
