import type { PurchaseRecord, PurchaseState } from '../../../shared/purchase.ts';

export const stateLabels: { readonly [S in PurchaseState]: string } = {
  submitting: 'Sending',
  pending: 'Pending',
  available: 'Available',
  failed: 'Failed',
  outcome_unknown: 'Outcome unknown',
  cancelled: 'Stopped',
  not_sent: 'Not sent',
  waiting_for_sign_in: 'Waiting for sign-in',
};

/** What the purchase was for, in a few words. */
export function purchaseTitle(record: PurchaseRecord): string {
  if (record.titleNumber !== undefined) return record.titleNumber;
  return record.purchaseId === undefined ? 'Purchase' : `Purchase ${record.purchaseId}`;
}

export function variableCount(record: PurchaseRecord): string {
  const count = record.items?.length ?? record.variables.length;
  if (count === 0) return 'variables not known yet';
  return `${String(count)} ${count === 1 ? 'variable' : 'variables'}`;
}

/** Seconds until the next check the server advised, or undefined when none is due. */
export function secondsUntil(nextCheckAt: number | undefined, now: number): number | undefined {
  if (nextCheckAt === undefined) return undefined;
  return Math.max(0, Math.ceil((nextCheckAt - now) / 1000));
}
