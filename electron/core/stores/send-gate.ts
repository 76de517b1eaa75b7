import type { AppErrorData } from '../../../shared/errors/errors.ts';
import type { PurchaseRecord, PurchaseTeam } from '../../../shared/purchase/purchase.ts';

/**
 * What a store shared by a team decides before a purchase's POST may go: send it (as the team's
 * purchase `team`, with only the variables it claimed), or not at all (`error` says why, and
 * `instead` is the purchase that already buys them, to reuse).
 */
export type SendAdmission =
  | { readonly send: true; readonly team?: PurchaseTeam; readonly variables?: readonly string[] }
  | { readonly send: false; readonly error: AppErrorData; readonly instead?: PurchaseRecord | undefined };

/**
 * Asked once per send of an intent (new, "Send now", "Buy again", the automatic send after a
 * start), after it is journaled and before its sending mark. A CoreError thrown refuses it: the
 * intent ends cancelled with that error, and nothing is sent.
 */
export type SendGate = (intent: PurchaseRecord) => Promise<SendAdmission>;
