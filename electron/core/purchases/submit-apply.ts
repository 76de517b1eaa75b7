import type { AppErrorData } from '../../../shared/errors.ts';
import type { PurchaseRecord } from '../../../shared/purchase.ts';
import { appendExchange, type ExchangeResult } from './exchange.ts';
import type { RecordStore } from './record-store.ts';
import type { ResultRef } from './reference.ts';
import { interpretSubmitResponse } from './submit-outcome.ts';

function refFields(ref: ResultRef | undefined): Partial<PurchaseRecord> {
  return ref === undefined ? {} : { purchaseId: ref.purchaseId, resultUrl: ref.resultUrl.href };
}

function fail(store: RecordStore, record: PurchaseRecord, error: AppErrorData, ref?: ResultRef): PurchaseRecord {
  return store.save({ ...record, ...refFields(ref), state: 'failed', autoCheck: false, error }, 'full');
}

/**
 * Journals what the answer to a purchase POST means. Every write here is durable: a Location
 * that came back must survive any crash, or a paid-for purchase would be lost.
 */
export function applySubmitResult(store: RecordStore, intent: PurchaseRecord, result: ExchangeResult, requestUrl: URL, baseUrl: URL): PurchaseRecord {
  if (result.kind === 'aborted') {
    // Shutting down mid-POST: the intent stays "submitting" and the next start calls it unknown.
    return store.get(intent.id) ?? intent;
  }
  if (result.kind === 'refused') return fail(store, intent, result.error.toData());
  const record = { ...intent, timeline: appendExchange(intent.timeline, result.exchange) };
  if (result.kind === 'transport') {
    if (!result.error.maybeReceived) {
      return fail(store, record, { code: 'network', message: `${result.error.message} The request did not reach the service; it is safe to try again.` });
    }
    const message = `${result.error.message} The purchase may have been accepted and charged, so TitleDesk did not send it again. Check with the service before buying again.`;
    return store.save({ ...record, state: 'outcome_unknown', autoCheck: false, error: { code: 'outcome_unknown', message } }, 'full');
  }
  const outcome = interpretSubmitResponse(result.response, requestUrl, baseUrl);
  switch (outcome.kind) {
    case 'pending': {
      const advised = outcome.advisedWaitSeconds;
      const exchange = advised === undefined ? result.exchange : { ...result.exchange, advisedWaitSeconds: advised };
      const pending: PurchaseRecord = {
        ...intent,
        ...refFields(outcome.ref),
        timeline: appendExchange(intent.timeline, exchange),
        state: 'pending',
        nextCheckAt: outcome.nextCheckAt,
      };
      return store.save(pending, 'full');
    }
    case 'available': {
      const available: PurchaseRecord = { ...record, ...refFields(outcome.ref), state: 'available', items: outcome.result.items, totals: outcome.result.totals };
      return store.save(available, 'full', { resultBody: outcome.body });
    }
    case 'failed':
      return fail(store, record, outcome.error, outcome.ref);
  }
}
