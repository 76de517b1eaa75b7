import type { AppErrorData } from '../../../../shared/errors/errors.ts';
import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { appendExchange, type ExchangeResult } from '../answers/exchange.ts';
import { rateLimitedError } from '../answers/rate-limit.ts';
import type { JournalStore } from '../../stores/journal-store.ts';
import type { ResultRef } from '../answers/reference.ts';
import { needsSignIn, waitingForSignIn } from '../answers/sign-in.ts';
import { interpretSubmitResponse } from './submit-outcome.ts';

function refFields(ref: ResultRef | undefined): Partial<PurchaseRecord> {
  return ref === undefined ? {} : { purchaseId: ref.purchaseId, resultUrl: ref.resultUrl.href };
}

/** The POST certainly never left: safe to send, by a click or on the next start. */
function notSent(store: JournalStore, record: PurchaseRecord, reason: string): Promise<PurchaseRecord> {
  const message = `${reason} Nothing was sent, so nothing was charged; use "Send now" to try again.`;
  return store.saveSoon({ ...record, state: 'not_sent', sendingAt: undefined, error: { code: 'not_sent', message } }, 'full');
}

function refused(store: JournalStore, record: PurchaseRecord, error: AppErrorData): Promise<PurchaseRecord> {
  if (needsSignIn(error)) {
    return store.saveSoon({ ...record, state: 'waiting_for_sign_in', sendingAt: undefined, error: waitingForSignIn(error, false) }, 'full');
  }
  if (error.code === 'auth_unavailable') return notSent(store, record, error.message);
  return fail(store, record, error);
}

function fail(store: JournalStore, record: PurchaseRecord, error: AppErrorData, ref?: ResultRef): Promise<PurchaseRecord> {
  return store.saveSoon({ ...record, ...refFields(ref), state: 'failed', autoCheck: false, error }, 'full');
}

/**
 * Journals what the answer to a purchase POST means. Every write here is durable: a Location
 * that came back must survive any crash, or a paid-for purchase would be lost. Answers that
 * arrive together share one commit; a write the journal refuses rejects (the caller rescues it).
 */
export function applySubmitResult(store: JournalStore, intent: PurchaseRecord, result: ExchangeResult, requestUrl: URL, baseUrl: URL): Promise<PurchaseRecord> {
  if (result.kind === 'aborted') {
    // Shutting down mid-POST: the intent stays "submitting"; the next start reads its sending mark.
    return Promise.resolve(store.get(intent.id) ?? intent);
  }
  // Re-read: the sending mark was journaled while the request was out.
  const current = store.get(intent.id) ?? intent;
  if (result.kind === 'refused') return refused(store, current, result.error.toData());
  const record = { ...current, timeline: appendExchange(current.timeline, result.exchange) };
  if (result.kind === 'transport') {
    if (!result.error.maybeReceived) return notSent(store, record, result.error.message);
    const message = `${result.error.message} The purchase may have been accepted and charged, so TitleDesk did not send it again. Check with the service before buying again.`;
    return store.saveSoon({ ...record, state: 'outcome_unknown', autoCheck: false, error: { code: 'outcome_unknown', message } }, 'full');
  }
  const outcome = interpretSubmitResponse(result.response, requestUrl, baseUrl);
  switch (outcome.kind) {
    case 'pending': {
      const advised = outcome.advisedWaitSeconds;
      const exchange = advised === undefined ? result.exchange : { ...result.exchange, advisedWaitSeconds: advised };
      const pending: PurchaseRecord = {
        ...current,
        ...refFields(outcome.ref),
        timeline: appendExchange(current.timeline, exchange),
        state: 'pending',
        nextCheckAt: outcome.nextCheckAt,
      };
      return store.saveSoon(pending, 'full');
    }
    case 'available': {
      const available: PurchaseRecord = { ...record, ...refFields(outcome.ref), state: 'available', items: outcome.result.items, totals: outcome.result.totals };
      return store.saveSoon(available, 'full', { resultBody: outcome.body });
    }
    case 'failed':
      return fail(store, record, outcome.error, outcome.ref);
    case 'rate_limited': {
      // Not taken, so nothing was charged. It stays this process's intent (without a sending mark)
      // until it goes again: no other process sends it meanwhile, and a start after a stop finds
      // it not sent, with the time before which it must not go.
      const exchange = { ...result.exchange, advisedWaitSeconds: outcome.waitMs / 1000 };
      const waiting: PurchaseRecord = {
        ...current,
        timeline: appendExchange(current.timeline, exchange),
        state: 'submitting',
        sendingAt: undefined,
        nextCheckAt: outcome.retryAt,
        error: rateLimitedError(outcome.retryAt, false),
      };
      return store.saveSoon(waiting, 'full');
    }
  }
}
