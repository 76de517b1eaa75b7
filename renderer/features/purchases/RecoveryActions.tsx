import { useState } from 'react';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { damagedLabel, damagedWithAnswer } from '../../../shared/purchase/purchase-damage.ts';
import { waitsOutRateLimit } from '../../../shared/purchase/purchase-words.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { formatClockTime } from '../../format-time.ts';
import { useResolvePurchaseMutation, useSendPurchaseMutation } from './recovery-queries.ts';
import { useEnvironmentsQuery } from '../../api/environment-queries.ts';
import { environmentKindOf } from '../../../shared/environment/environment.ts';
import { noAnswerCause, noAnswerConsequence } from './no-answer-words.ts';

/**
 * What to do about a purchase that needs a person: one never sent (send it), one waiting for
 * sign-in (say what is needed; it goes on by itself), and one whose outcome is unknown (what is
 * known, then buy again, with a plain warning, or abandon).
 */
export function RecoveryActions({ record }: { readonly record: PurchaseRecord }) {
  if (record.state === 'not_sent') return <NotSent record={record} />;
  if (waitsOutRateLimit(record) && record.imported !== true && record.team === undefined) return <WaitingOutRateLimit record={record} />;
  if (record.state === 'waiting_for_sign_in') return <WaitingForSignIn record={record} />;
  if (record.state === 'outcome_unknown') return <OutcomeUnknown record={record} />;
  return null;
}

function NotSent({ record }: { readonly record: PurchaseRecord }) {
  const send = useSendPurchaseMutation();
  const resolve = useResolvePurchaseMutation();
  return (
    <div className="purchase-problem" role="note">
      {/* A 429 is "not now": the service did not take it, and TitleDesk sends it again itself when the wait is over. */}
      <p>{record.error?.code === 'rate_limited' ? 'The service asked TitleDesk to slow down and did not take this purchase, so nothing was charged. It is sent again by itself, as the same purchase, when the wait is over.' : 'This purchase was never sent, so nothing was charged.'}</p>
      {record.error === undefined ? null : <p className="error-detail">{record.error.message}</p>}
      {record.imported === true ? <p className="muted">Imported from another machine: it is not sent from here.</p> : (
        <>
          <button type="button" disabled={send.isPending} onClick={() => { send.mutate(record.id); }}>Send now</button>{' '}
          <button type="button" className="button-quiet" disabled={resolve.isPending} onClick={() => { resolve.mutate({ id: record.id, action: 'abandon' }); }}>Discard</button>
        </>
      )}
      {send.error === null ? null : <ErrorNotice error={send.error} />}
      {resolve.error === null ? null : <ErrorNotice error={resolve.error} />}
    </div>
  );
}

/** Waiting out a 429: it goes again by itself, and until then a person may still discard it. */
function WaitingOutRateLimit({ record }: { readonly record: PurchaseRecord }) {
  const resolve = useResolvePurchaseMutation();
  return (
    <div role="note">
      <p>
        No longer wanted?{' '}
        <button type="button" className="button-quiet" disabled={resolve.isPending} onClick={() => { resolve.mutate({ id: record.id, action: 'abandon' }); }}>Discard</button>{' '}
        <span className="muted">It is then not sent again.</span>
      </p>
      {resolve.error === null ? null : <ErrorNotice error={resolve.error} />}
    </div>
  );
}

function WaitingForSignIn({ record }: { readonly record: PurchaseRecord }) {
  const accepted = record.resultUrl !== undefined;
  return (
    <div className="purchase-problem" role="note">
      <p>
        Waiting for sign-in. {accepted ? 'The service accepted this purchase; its result is fetched' : 'Nothing has been sent yet; it is sent'} as soon as
        this environment has working credentials. Set them under Settings → Credentials, or sign in again.
      </p>
      {record.error === undefined ? null : <p className="error-detail">{record.error.message}</p>}
    </div>
  );
}

function OutcomeUnknown({ record }: { readonly record: PurchaseRecord }) {
  const [confirming, setConfirming] = useState(false);
  const resolve = useResolvePurchaseMutation();
  const sentAt = record.sendingAt ?? record.timeline.find((exchange) => exchange.method === 'POST')?.at;
  // Salvaged from a damaged journal with the service's answer known: what is known, and no Buy again.
  const answered = damagedWithAnswer(record);
  // Whether anything can have been charged depends on where it was sent: said in those words.
  const environment = useEnvironmentsQuery().data?.environments.find((candidate) => candidate.id === record.environmentId);
  const kind = environment === undefined ? undefined : environmentKindOf(environment);
  const cause = noAnswerCause(record);
  return (
    <div className="purchase-problem outcome-unknown" role="note">
      {record.damaged === undefined ? null : <p className="warning"><strong>{damagedLabel}.</strong></p>}
      <p hidden={answered}>
        {sentAt === undefined ? 'The purchase request was sent' : `The purchase request was sent at ${formatClockTime(sentAt)}`} and no answer arrived.{' '}
        {noAnswerConsequence(kind)}
      </p>
      {cause === undefined ? null : <p className="error-detail">{cause}</p>}
      {confirming ? (
        // Esc steps back from the question (and no further: the purchase's view stays open).
        <div role="alertdialog" aria-label="Buy again?" onKeyDown={(event) => { if (event.key === 'Escape') { event.preventDefault(); setConfirming(false); } }}>
          <p className="warning">
            If the service did accept the first request, buying again means you are charged twice for the same data. Buy again only if you
            are sure it was not accepted.
          </p>
          <button type="button" disabled={resolve.isPending} onClick={() => { resolve.mutate({ id: record.id, action: 'buy-again' }); }}>Yes, buy again</button>{' '}
          <button type="button" className="button-quiet" onClick={() => { setConfirming(false); }}>Keep it as it is</button>
        </div>
      ) : record.imported === true || answered ? null : (
        <>
          <button type="button" onClick={() => { setConfirming(true); }}>Buy again…</button>{' '}
          <button type="button" className="button-quiet" disabled={resolve.isPending} onClick={() => { resolve.mutate({ id: record.id, action: 'abandon' }); }}>Abandon</button>
        </>
      )}
      {resolve.error === null ? null : <ErrorNotice error={resolve.error} />}
    </div>
  );
}
