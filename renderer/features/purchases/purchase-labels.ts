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

/**
 * Which variables, in a few words: the first two names, then "+N" for the rest, so two
 * purchases of one title can be told apart at a glance.
 */
export function variableNames(record: PurchaseRecord): string {
  // The name is the IRI's last segment; a slice, not a parse, since every row of a long list asks.
  const names = record.items?.map((item) => item.name) ?? record.variables.map((iri) => iri.slice(iri.lastIndexOf('/') + 1));
  if (names.length === 0) return 'variables not known yet';
  const shown = names.slice(0, 2).join(', ');
  return names.length > 2 ? `${shown} +${String(names.length - 2)}` : shown;
}

/** Seconds until the next check the server advised, or undefined when none is due. */
export function secondsUntil(nextCheckAt: number | undefined, now: number): number | undefined {
  if (nextCheckAt === undefined) return undefined;
  return Math.max(0, Math.ceil((nextCheckAt - now) / 1000));
}
