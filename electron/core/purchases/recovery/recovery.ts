import { catalogPath, resourceOfPurchase } from '../../../../shared/catalog/catalog-resource.ts';
import type { Exchange, PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { damagedWithAnswer } from '../../../../shared/purchase/purchase-damage.ts';

/**
 * What a start makes of an intent left "submitting" by a process that stopped. The durable
 * sending mark decides: without it the POST certainly never left (not sent, safe to send);
 * with it the POST may have reached the service (outcome unknown, never sent again on its own).
 */
export function recoverInterrupted(record: PurchaseRecord): PurchaseRecord {
  if (record.sendingAt === undefined) {
    // Stopped while waiting out a 429: it still says until when (its nextCheckAt keeps it from going sooner).
    if (record.error?.code === 'rate_limited') return { ...record, state: 'not_sent' };
    const message = 'TitleDesk stopped before this purchase was sent. Nothing was sent and nothing was charged.';
    return { ...record, state: 'not_sent', error: { code: 'not_sent', message } };
  }
  const sent: Exchange = { method: 'POST', path: postPath(record), status: 'no-response', at: record.sendingAt };
  const message =
    `TitleDesk stopped while the purchase request was being sent (${new Date(record.sendingAt).toISOString()}) and no answer arrived. ` +
    'The service may have accepted and charged it, so it was not sent again.';
  return {
    ...record,
    state: 'outcome_unknown',
    autoCheck: false,
    timeline: [...record.timeline, sent],
    error: { code: 'outcome_unknown', message },
  };
}

/** The path the POST went to: its resource's catalog (a title's, an address's or a UPRN's). */
function postPath(record: PurchaseRecord): string {
  const resource = resourceOfPurchase(record);
  return resource === undefined ? '/world/GB-eaw/titles//catalog' : catalogPath(resource);
}

/** Whether a not-sent intent is recent enough to go out without asking (the click was minutes ago). */
export function withinAutoSendWindow(record: PurchaseRecord, now: number, windowMinutes: number): boolean {
  return record.imported !== true && windowMinutes > 0 && now - record.createdAt <= windowMinutes * 60_000;
}

/** Which records may be sent by "Send now" / "Buy again". */
export function sendableReason(record: PurchaseRecord, buyAgain: boolean): string | undefined {
  if (record.imported === true) return 'This purchase was imported from another machine; it is never sent from here.';
  if (resourceOfPurchase(record) === undefined) return 'This purchase joined the history through a check; there is nothing to send.';
  // A salvaged record the service had answered may already be bought: it is checked, never bought again.
  if (buyAgain && damagedWithAnswer(record)) {
    const reference = record.purchaseId ?? record.resultUrl;
    return 'This purchase\'s record was damaged, and the service had answered it' +
      `${reference === undefined ? '' : ` (purchase ID ${reference})`}: check it on the service instead of buying it again.`;
  }
  if (buyAgain) return record.state === 'outcome_unknown' ? undefined : 'Only a purchase whose outcome is unknown can be bought again.';
  if (record.state === 'not_sent') return undefined;
  if (record.state === 'waiting_for_sign_in' && record.resultUrl === undefined) return undefined;
  return 'Only a purchase that was not sent can be sent now.';
}
