import type { AppErrorData, ErrorCode } from './errors.ts';

/**
 * What each error code means to the person at the keyboard: one headline that says what happened
 * (true for every way the code can arise, so it never contradicts the detail shown under it) and
 * the action that fixes it. Typed as a full record over ErrorCode: a new code without its words
 * here fails the build.
 */
export interface ErrorWords {
  readonly headline: string;
  readonly action: string;
}

export const errorWords: { readonly [C in ErrorCode]: ErrorWords } = {
  validation: { headline: 'Some of what was entered is not valid.', action: 'Correct the highlighted entry and try again.' },
  not_found: { headline: 'That could not be found.', action: 'Check the number or address for typing mistakes; it may also have been removed.' },
  credentials_missing: {
    headline: 'This environment is not fully set up: a credential or the address provider is missing.',
    action: 'Open Settings → Credentials to add it (the address provider’s URLs are under Settings → Environments).',
  },
  invalid_grant: { headline: 'Your refresh token was rejected.', action: 'Paste a new one from My Tokens under Settings → Credentials.' },
  invalid_client: { headline: 'The client id or client secret was rejected.', action: 'Check them under Settings → Credentials.' },
  auth_unavailable: {
    headline: 'The sign-in service did not give a token (it failed or could not be reached).',
    action: 'Try again in a little while; if it persists, check the environment’s address under Settings → Environments.',
  },
  unauthorized: { headline: 'The service refused access with the current sign-in.', action: 'Sign in again; if it persists, check Settings → Credentials.' },
  bad_request: { headline: 'The service did not accept the request, so nothing was bought.', action: 'Check the title and variables, then try again.' },
  unprocessable: {
    headline: 'The service could not process the request as sent.',
    action: 'Check that the title and every variable are ones it offers (open the title’s catalog again).',
  },
  server_error: { headline: 'The service had an internal error.', action: 'Try again in a little while.' },
  service_unavailable: {
    headline: 'The service is unavailable right now (it may be closed for the night or under maintenance).',
    action: 'Try again later.',
  },
  gateway_timeout: { headline: 'The service took too long to answer.', action: 'Try again in a little while.' },
  rate_limited: {
    headline: 'The service asked TitleDesk to slow down (too many requests); nothing was charged twice.',
    action: 'A purchase waits as long as it asked, then goes on by itself; anything else, try again in a moment.',
  },
  network: { headline: 'Could not connect to the service.', action: 'Check the network, and the environment’s address under Settings → Environments.' },
  outcome_unknown: {
    headline: 'The request may or may not have reached the service, so it was not sent again.',
    action: 'Check the purchase by its ID before buying again.',
  },
  provider_error: {
    headline: 'The address provider could not answer this lookup.',
    action: 'Its own description and advice are shown here; try again, and if it persists check the provider’s URLs under Settings → Environments.',
  },
  provider_unknown_key: {
    headline: 'The address provider does not know this key.',
    action: 'Check the provider key under Settings → Credentials (it looks like AA11-AA11-AA11-AA11) against the one in the provider account.',
  },
  provider_key_expired: {
    headline: 'The address provider key has expired, or its licence is no longer valid.',
    action: 'Renew it in the provider account, or paste the newly issued key under Settings → Credentials.',
  },
  provider_out_of_credit: {
    headline: 'The address provider account is out of credit, so it answers no searches.',
    action: 'Top up the account with the provider; searching works again as soon as it has credit.',
  },
  provider_limit_reached: {
    headline: 'The address provider key has reached one of its usage limits (per day, per user or for free lookups).',
    action: 'Wait until the limit resets (usually midnight), or raise the key’s limit in the provider account.',
  },
  provider_surge_protection: {
    headline: 'The address provider’s surge protection has paused this account after unusually many requests.',
    action: 'Wait a few minutes and try again; if it stays paused, reactivate the account with the provider.',
  },
  provider_origin_refused: {
    headline: 'The address provider refuses this key from this computer’s IP address or from this app’s web address (referrer).',
    action: 'Add this IP address or address to the key’s allowed list in the provider account, or use a key without that limit.',
  },
  provider_service_refused: {
    headline: 'The address provider key (or its plan) is not allowed to use address search.',
    action: 'Allow Address Capture (Find and Retrieve) on the key in the provider account, or use a key that has it.',
  },
  protocol: { headline: 'The service answered in a way TitleDesk does not understand; nothing was assumed from it.', action: 'Try again; if it keeps happening, report it to the service.' },
  budget_exceeded: {
    headline: 'This would go over the spending budget of this environment, so nothing was sent.',
    action: 'Raise the budget under Settings → Spending, or wait for the next day or month.',
  },
  team_database: {
    headline: 'The team database cannot be used right now, so the team’s budget and reuse cannot be checked. Nothing was sent.',
    action: 'Purchases already sent are still followed. The detail says why (not reached, or its TLS): try again once that is fixed, or ask the team’s admin.',
  },
  confirmation_required: { headline: 'This purchase costs more than the amount set for a second confirmation.', action: 'Confirm it again to buy.' },
  data_dir: {
    headline: 'TitleDesk cannot use its data folder (where the journal of purchases lives).',
    action: 'The message names the folder and what is wrong: fix that, or choose another folder.',
  },
  not_sent: { headline: 'This purchase was never sent, so nothing was charged.', action: 'Send it when you are ready (Send now).' },
  journal: {
    headline: 'The purchase journal could not be read or written as it should.',
    action: 'What TitleDesk kept, and where, is described here; nothing is deleted.',
  },
  cancelled: { headline: 'This was cancelled.', action: 'Start it again when you need it.' },
  internal: { headline: 'Something went wrong inside TitleDesk.', action: 'Try again; if it keeps happening, restart the app.' },
  launch_key: {
    headline: 'This page was opened without its launch key, or with one the running TitleDesk does not accept.',
    action: 'Open the address that “titledesk web” printed (or run it again).',
  },
};

/** The whole sentence pair for an error code: what happened, then what to do. */
export function humanErrorMessage(error: Pick<AppErrorData, 'code'>): string {
  const words = errorWords[error.code];
  return `${words.headline} ${words.action}`;
}

/**
 * The detail that came with an error, when it adds something the headline does not say
 * (for example which field failed validation). Messages from core never carry secrets.
 */
export function errorDetail(error: AppErrorData): string | undefined {
  const detail = error.message.trim();
  const words = errorWords[error.code];
  if (detail === '' || detail === words.headline || detail === humanErrorMessage(error)) return undefined;
  return detail;
}
