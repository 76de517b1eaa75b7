import type { PurchaseState } from './purchase.ts';

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

