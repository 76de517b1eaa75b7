import type { ErrorCode } from '../../shared/errors/errors.ts';

/** The CLI's documented exit codes; scripts depend on them. */
export const exitCodes = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  rejected: 4,
  unavailable: 5,
  budget: 6,
  /** The data folder or its journal cannot be used: not a folder, not writable, or locked. */
  dataDir: 7,
} as const;

export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

const exitCodeByError: Readonly<Record<ErrorCode, ExitCode>> = {
  validation: exitCodes.usage,
  not_found: exitCodes.rejected,
  credentials_missing: exitCodes.auth,
  invalid_grant: exitCodes.auth,
  invalid_client: exitCodes.auth,
  auth_unavailable: exitCodes.unavailable,
  unauthorized: exitCodes.auth,
  bad_request: exitCodes.rejected,
  unprocessable: exitCodes.rejected,
  server_error: exitCodes.unavailable,
  service_unavailable: exitCodes.unavailable,
  gateway_timeout: exitCodes.unavailable,
  rate_limited: exitCodes.unavailable,
  network: exitCodes.unavailable,
  outcome_unknown: exitCodes.unavailable,
  provider_error: exitCodes.rejected,
  // The key itself, or where it may be used from: fixed in the credentials or the provider account.
  provider_unknown_key: exitCodes.auth,
  provider_key_expired: exitCodes.auth,
  provider_origin_refused: exitCodes.auth,
  provider_service_refused: exitCodes.auth,
  provider_out_of_credit: exitCodes.rejected,
  // Limits and surge protection lift with time: "try later", like a service that is down.
  provider_limit_reached: exitCodes.unavailable,
  provider_surge_protection: exitCodes.unavailable,
  protocol: exitCodes.unavailable,
  budget_exceeded: exitCodes.budget,
  team_database: exitCodes.unavailable,
  confirmation_required: exitCodes.usage,
  cancelled: exitCodes.failure,
  data_dir: exitCodes.dataDir,
  not_sent: exitCodes.unavailable,
  journal: exitCodes.dataDir,
  internal: exitCodes.failure,
  launch_key: exitCodes.auth,
};

export function exitCodeFor(code: ErrorCode): ExitCode {
  return exitCodeByError[code];
}
