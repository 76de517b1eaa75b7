import type { ErrorCode } from '../../../shared/errors/errors.ts';
import { CoreError } from '../errors.ts';
import { TransportError } from '../http/exchange-types.ts';

const codeByStatus: ReadonlyMap<number, ErrorCode> = new Map<number, ErrorCode>([
  [400, 'bad_request'],
  [401, 'unauthorized'],
  [404, 'not_found'],
  [422, 'unprocessable'],
  // "Not now", never a refusal of what was asked: not bad_request's advice to check the input.
  [429, 'rate_limited'],
  [500, 'server_error'],
  [503, 'service_unavailable'],
  [504, 'gateway_timeout'],
]);

/** The error code of a refusal: the seed's statuses by name, other 5xx as server errors, other 4xx as bad requests. */
export function errorCodeForStatus(status: number): ErrorCode {
  return codeByStatus.get(status) ?? (status >= 500 ? 'server_error' : status >= 400 ? 'bad_request' : 'protocol');
}

/** A CoreError for an unexpected service status; `what` names the resource for the message. */
export function statusError(status: number, what: string): CoreError {
  const code = errorCodeForStatus(status);
  return new CoreError(code, `The service answered ${status} for ${what}.`, { status });
}

/** A failed exchange of a read-only request becomes a 'network' error; anything else passes through. */
export function networkError(error: unknown): unknown {
  return error instanceof TransportError ? new CoreError('network', error.message, { cause: error }) : error;
}
