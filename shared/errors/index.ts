/**
 * Failures as they cross a boundary (IPC, the browser-mode host, the CLI). What it promises:
 *
 * - Every such failure carries one error code from one list (errors.ts), and each code has one
 *   headline true for every way it can arise, plus its detail (error-messages.ts).
 * - The address provider's own words for a refusal, cleaned and bounded (provider-errors.ts).
 * - The one note shown when a replaced refresh token could not be stored (refresh-token-words.ts).
 */
export { errorDetail, type ErrorWords, errorWords, humanErrorMessage } from './error-messages.ts';
export { type AppErrorData, appErrorSchema, type ErrorCode, errorCodes, errorCodeSchema } from './errors.ts';
export { cleanProviderDetail, type ProviderErrorCode, providerErrorCode, type ProviderErrorDetail, providerErrorDetailSchema, providerTextLimits } from './provider-errors.ts';
export { unsavedRefreshTokenNote } from './refresh-token-words.ts';
