/**
 * Following accepted purchases: a GET of each result resource when its advised time comes, the
 * answer journaled, until the purchase is available or failed.
 *
 * Promises: never earlier than the service advised (Cache-Control max-age, Retry-After, never
 * sooner than 1 s); answers that could not be saved are said to the user, not dropped.
 */
export { interpretResultResponse, leastPollGapMs, type PollOutcome } from './poll-outcome.ts';
export { Poller, type PollerOptions, type PurchaseEnvironment } from './poller.ts';
export { UnsavedAnswers } from './unsaved-answers.ts';
