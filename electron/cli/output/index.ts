/**
 * What the `titledesk` commands print, in words and as JSON, and their exit codes by outcome.
 * What it promises:
 *
 * - A purchase as one status line, a text block or a JSON document, with its exit code, the same
 *   for purchase, check, send, resolve and history (purchase-output.ts, history-output.ts,
 *   send-all-output.ts); a batch's preview, progress, result and its output file (batch-report.ts).
 * - Errors in the CLI's words with what to do next, never a secret, and a provider's refusal said
 *   as the app says it (cli-words.ts, provider-error-text.ts).
 * - Money as decimal text, never a float (money-text.ts); progress and rate-limit waits on stderr
 *   while a purchase is followed (progress-line.ts).
 * - A connection test's steps and `titledesk env`'s variables, secrets shown only as set or not
 *   (test-output.ts, env-report.ts).
 *
 * Commands import the file they need, not this entry: a command loads only what it prints
 * (cli-lazy-load.test.ts), and batch-report.ts alone brings the export writers.
 */
export { batchResultText, commandLineDocument, exitCodeForDocument, heldLineText, previewText, progressLine, writeOutput } from './batch-report.ts';
export { cliErrorWords, commandLineText } from './cli-words.ts';
export { cliVariables, credentialsHint, variableLine, variableState, type VariableState } from './env-report.ts';
export { historyText } from './history-output.ts';
export { moneyListText, moneyText } from './money-text.ts';
export { followUntilSettled, sayRateLimitWaits, showProgress } from './progress-line.ts';
export { providerRefusalLines } from './provider-error-text.ts';
export { boughtFromText, environmentLabel, exitCodeForRecord, printPurchase, purchaseJson, purchaseText, statusLine, type StatusContext } from './purchase-output.ts';
export { exitCodeForSendAll, printSendAll } from './send-all-output.ts';
export { stepsText, testExitCode } from './test-output.ts';
