import type { EnvironmentKind } from '../../../shared/environment/environment.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { requestTimeoutMs } from '../../../shared/environment/request-limits.ts';

/** The core's own advice after a timeout, which speaks of a charge: said here in words fitted to the environment instead. */
const chargeAdvice = /\s*The purchase may have been accepted and charged[^]*$/;

/** What went wrong on the way, without the advice: "http://… did not answer in time." */
export function noAnswerCause(record: Pick<PurchaseRecord, 'error'>): string | undefined {
  const cause = record.error?.message.replace(chargeAdvice, '').trim();
  return cause === undefined || cause === '' ? undefined : cause;
}

/**
 * One message for a purchase sent without an answer back (timed out, connection lost): what is
 * known, what it may have cost on this kind of environment, and that it was not sent again.
 */
export function noAnswerMessage(kind: EnvironmentKind | 'sandbox' | undefined): string {
  const seconds = `${String(requestTimeoutMs / 1000)} s`;
  const who = kind === 'sandbox' ? 'The Sandbox' : kind === 'staging' || kind === 'local' ? 'The test service' : 'The service';
  return `${who} did not answer within ${seconds}, so the purchase was not sent again. ${noAnswerConsequence(kind)}`;
}

/** What an unanswered purchase may have done, on this kind of environment. */
export function noAnswerConsequence(kind: EnvironmentKind | 'sandbox' | undefined): string {
  switch (kind) {
    case 'sandbox':
      return 'It may or may not have arrived; the Sandbox charges nothing either way.';
    case 'staging':
    case 'local':
      return 'It may or may not have arrived; nothing real is charged on a test service.';
    case 'live':
    case undefined:
      return 'It may or may not have been accepted, and charged: look at its row before buying again.';
  }
}
