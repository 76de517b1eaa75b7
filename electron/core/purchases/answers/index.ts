/**
 * Reading what the service answered, for both the POST and the result GETs: the exchange as
 * recorded in a purchase's timeline, the result reference (Location) and its purchase ID, rate
 * limits (429 and Retry-After), sign-in trouble, the reason for a failure, and the result
 * collection parsed at the boundary.
 *
 * Promises: every answer is parsed before it is trusted; text from the service never carries a
 * secret into a record.
 */
export { appendExchange, sendExchange, type ExchangeResult } from './exchange.ts';
export { describeStatus, reasonFromBody } from './failure-reason.ts';
export { rateLimitedError, rateLimitWaitMs, rateLimitWaitsMs, sendNotBefore } from './rate-limit.ts';
export { purchaseIdOf, resolveCheckReference, resolveLocation, sameOrigin, type ResultRef } from './reference.ts';
export { parsePurchaseResult, purchaseResultSchema, totalsByCurrency, type ParsedResult } from './result-parse.ts';
export { needsSignIn, waitingForSignIn } from './sign-in.ts';
