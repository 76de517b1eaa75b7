import type { AppErrorData, ErrorCode } from './errors.ts';

/**
 * What each error code means to the person at the keyboard, and what they can do about it.
 * Typed as a full record over ErrorCode: a new code without a message here fails the build.
 */
export const errorMessages: { readonly [C in ErrorCode]: string } = {
  validation: 'Some of what was entered is not valid. Check the highlighted fields and try again.',
  not_found: 'That could not be found. It may have been removed, or the number or address may be mistyped.',
  credentials_missing: 'No credentials are set for this environment yet. Add them under Settings → Credentials.',
  invalid_grant: 'Your refresh token was rejected. Paste a new one from My Tokens.',
  invalid_client: 'The client id or client secret was rejected. Check them under Settings → Credentials.',
  auth_unavailable: 'Could not reach the sign-in service. Check the connection and the environment address, then try again.',
  unauthorized: 'The service refused access with these credentials. Sign in again, or check the credentials.',
  bad_request: 'The service did not accept the request. Nothing was bought.',
  unprocessable: 'The service could not process the request as sent (it may name a variable or title it does not know).',
  server_error: 'The service had an internal error. Try again in a little while.',
  service_unavailable: 'The service is unavailable right now (it may be closed for the night or under maintenance). Try again later.',
  gateway_timeout: 'The service took too long to answer. Try again in a little while.',
  network: 'Could not connect to the service. Check the network and the environment address.',
  outcome_unknown:
    'The request may or may not have reached the service, so it was not sent again. Check the purchase by its ID before buying again.',
  provider_error: 'The address provider reported a problem with the lookup or with its account key.',
  protocol: 'The service answered in a way TitleDesk does not understand. Nothing was assumed from that answer.',
  budget_exceeded: 'This would go over the spending budget of this environment, so nothing was sent. Raise the budget under Settings → Spending, or wait for the next day or month.',
  confirmation_required: 'This purchase costs more than the amount set for a second confirmation. Confirm it again to buy.',
  cancelled: 'This was cancelled.',
  data_dir: 'TitleDesk cannot use its data folder (where the journal of purchases lives). The message names the folder and what is wrong.',
  not_sent: 'This purchase was never sent, so nothing was charged. Send it when you are ready.',
  journal: 'The purchase journal could not be read or written as it should. What TitleDesk kept, and where, is described here.',
  internal: 'Something went wrong inside TitleDesk. Try again; if it keeps happening, restart the app.',
};

/** The sentence to show for an error; the code's own message, whatever detail came with it. */
export function humanErrorMessage(error: Pick<AppErrorData, 'code'>): string {
  return errorMessages[error.code];
}

/**
 * The detail that came with an error, when it adds something the human message does not say
 * (for example which field failed validation). Messages from core never carry secrets.
 */
export function errorDetail(error: AppErrorData): string | undefined {
  const detail = error.message.trim();
  if (detail === '' || detail === errorMessages[error.code]) return undefined;
  return detail;
}
