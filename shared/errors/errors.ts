import { z } from 'zod';
import { providerErrorDetailSchema } from './provider-errors.ts';

/**
 * Every failure that can cross a boundary (IPC, the browser-mode host, the CLI) carries one of
 * these codes. Electron passes only an error's message across IPC, so the code must travel as data.
 */
export const errorCodes = [
  'validation', // input failed its schema
  'not_found', // 404 from the service, or an unknown purchase/environment
  'credentials_missing', // nothing configured: nothing was sent
  'invalid_grant', // refresh token rejected: the user must paste a new one
  'invalid_client', // client id/secret rejected
  'auth_unavailable', // token endpoint or discovery failing (5xx, network) after retries
  'unauthorized', // 401 from the API even with a fresh token
  'bad_request', // 400 from the service
  'unprocessable', // 422 from the service
  'server_error', // 500 after bounded retries
  'service_unavailable', // 503 after bounded retries
  'gateway_timeout', // 504 after bounded retries
  'rate_limited', // 429: the service asked to slow down; TitleDesk waits as asked, then goes on by itself
  'network', // connection failed before anything was sent, after bounded retries
  'outcome_unknown', // a purchase POST may have reached the service: never re-sent automatically
  'provider_error', // the address provider answered with an error item that is not about the account
  'provider_unknown_key', // the provider does not know the key (Loqate 2)
  'provider_key_expired', // the key or its licence has expired (Loqate 16, 11)
  'provider_out_of_credit', // the provider account has no credit left (Loqate 3)
  'provider_limit_reached', // the key's daily, per-user or free-lookup limit (Loqate 8, 13, 14, 17)
  'provider_surge_protection', // the provider's surge protector paused the account (Loqate 9, 10)
  'provider_origin_refused', // not allowed from this IP address or URL/referrer (Loqate 4, 5)
  'provider_service_refused', // the key or its plan may not use this service (Loqate 6, 7, 12, 15, 23)
  'protocol', // the service answered something the interface does not allow
  'budget_exceeded', // the spending guard: this purchase would go over a daily, monthly or batch budget; nothing was sent
  'team_database', // the team's database cannot be reached or refused: its budget and reuse cannot be checked; nothing was sent
  'confirmation_required', // above the environment's second-confirmation amount: ask again, explicitly
  'cancelled',
  'data_dir', // the data folder or its journal cannot be used (not a folder, not writable, locked)
  'not_sent', // a purchase POST certainly never left TitleDesk: safe to send
  'journal', // the purchase journal is damaged or could not be written
  'internal',
  'launch_key', // browser mode: the page lacks the key its host printed, or the host refused it
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const appErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  /** The address provider's own Description, Cause and Resolution, shown beside the headline. */
  provider: providerErrorDetailSchema.optional(),
});
export type AppErrorData = z.infer<typeof appErrorSchema>;
