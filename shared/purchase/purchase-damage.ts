import type { PurchaseDamage, PurchaseRecord } from './purchase.ts';
import { purchaseStateWords } from './purchase-words.ts';

/**
 * A purchase salvaged from a damaged journal without a whole record (purchase.ts, `damaged`) is
 * outcome unknown, but not like the others: where any copy showed the service's answer, buying
 * again would pay twice for what may already be bought, so it is checked by its purchase ID
 * instead. The words are the same in the app, browser mode and the CLI.
 */
export const damagedLabel = 'Damaged: check before buying';

/** Whether "Buy again" is withheld: the record was damaged and the service had answered it. */
export function damagedWithAnswer(record: Pick<PurchaseRecord, 'state' | 'damaged'>): boolean {
  return record.state === 'outcome_unknown' && record.damaged?.answered === true;
}

/** What is known, said once, for the record's error message. */
export function damagedRecordMessage(record: Pick<PurchaseRecord, 'purchaseId' | 'resultUrl'>, damage: PurchaseDamage): string {
  const seen = damage.seenState === undefined ? '' : ` A copy of it showed it as ${purchaseStateWords[damage.seenState].toLowerCase()}.`;
  const reference = record.purchaseId ?? record.resultUrl;
  const known = reference !== undefined
    ? ` The service had answered it: purchase ID ${reference}. Check it by that ID; do not buy it again.`
    : damage.answered
      ? ' The service had answered it, but its purchase ID could not be read: look it up on the service before buying again.'
      : ' No answer from the service was found for it: look it up on the service before buying again.';
  return `${damagedLabel}. The purchase journal was damaged and this purchase's record could not be read whole.${seen}${known}`;
}
