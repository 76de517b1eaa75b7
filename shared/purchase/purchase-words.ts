import type { PurchaseRecord, PurchaseState } from './purchase.ts';

/** A purchase's state in the words every host shows: the app's chips, History and the CLI's status line. */
export const purchaseStateWords: { readonly [S in PurchaseState]: string } = {
  submitting: 'Sending',
  pending: 'Pending',
  available: 'Available',
  failed: 'Failed',
  outcome_unknown: 'Outcome unknown',
  cancelled: 'Stopped',
  not_sent: 'Not sent',
  waiting_for_sign_in: 'Waiting for sign-in',
};

/**
 * Refused with a 429 and waiting to go again as the same purchase: not sent since, so nothing can
 * have been charged for it and it may still be discarded.
 */
export function waitsOutRateLimit(record: Pick<PurchaseRecord, 'state' | 'sendingAt' | 'error'>): boolean {
  return record.state === 'submitting' && record.sendingAt === undefined && record.error?.code === 'rate_limited';
}
