/**
 * Sending a purchase: the intent journaled, the sending mark synced, then the POST of a
 * PurchaseVariableAction with its Prefer header, and the service's answer (303, 4xx, 5xx, lost)
 * applied to the record. Also the local ids, the variable check and "send all".
 *
 * Promises: the POST leaves only after its intent and sending mark are durable; an answer that
 * may have been charged is never turned into "not sent".
 */
export { newLocalId } from './local-id.ts';
export { buildPurchaseRequest } from './purchase-request.ts';
export { PurchaseSender, type PurchaseContext, type PurchaseSenderOptions } from './purchase-sender.ts';
export { reportEntry, tallySendAll } from './send-all.ts';
export { applySubmitResult } from './submit-apply.ts';
export { interpretSubmitResponse, type SubmitOutcome } from './submit-outcome.ts';
export { Submitter, type SubmitterOptions } from './submitter.ts';
export { validateVariables } from './variables.ts';
