import { errorWords } from '../../../shared/errors/error-messages.ts';
import type { ErrorCode } from '../../../shared/errors/errors.ts';

/**
 * What to do, said for the command line. The shared words point at the app's screens
 * ("Settings → Credentials", "Send now"), which a support person at a terminal does not have:
 * here they name the variable, flag or command instead. `{id}` is the purchase's local id.
 */
const commandLineActions: Partial<Record<ErrorCode, string>> = {
  validation: 'Correct it and run the command again.',
  credentials_missing: 'Export WF_CLIENT_ID and WF_CLIENT_SECRET (machine mode) or WF_REFRESH_TOKEN (developer mode); titledesk env shows what this command sees.',
  invalid_grant: 'Export a new WF_REFRESH_TOKEN from My Tokens (titledesk token --test shows the step that failed).',
  invalid_client: 'Check WF_CLIENT_ID and WF_CLIENT_SECRET (titledesk token --test shows the step that failed).',
  auth_unavailable: 'Try again in a little while; if it persists, check --base-url (titledesk token --test shows each step).',
  unauthorized: 'Run titledesk token --test; if it persists, check the WF_* credentials (titledesk env).',
  unprocessable: 'Check that the title and every variable are ones it offers (titledesk catalog --title T).',
  network: 'Check the network, and --base-url or TITLEDESK_BASE_URL (titledesk env shows the address asked).',
  outcome_unknown: 'Check it before buying again: titledesk check {id}.',
  provider_error: 'Its own description and advice are shown here; try again, and if it persists check TITLEDESK_FIND_URL and TITLEDESK_RETRIEVE_URL.',
  provider_unknown_key: 'Check LOQATE_KEY (it looks like AA11-AA11-AA11-AA11) against the key in the provider account.',
  provider_key_expired: 'Renew it in the provider account, or export the newly issued key as LOQATE_KEY.',
  budget_exceeded: 'Raise the budget in the app’s Spending settings, or wait for the next day or month.',
  team_database: 'Check TITLEDESK_TEAM_DATABASE_URL and that the team database is up (titledesk team status says what is wrong).',
  confirmation_required: 'Run it again with --confirm to buy.',
  data_dir: 'The message names the folder and what is wrong: fix that, or give another folder with --data-dir.',
  not_sent: 'Send it when you are ready: titledesk send {id}.',
  internal: 'Try again; if it keeps happening, report it with the command that was run.',
};

/** The headline and the command-line action for an error code. */
export function cliErrorWords(code: ErrorCode, localId?: string): { headline: string; action: string } {
  const action = commandLineActions[code] ?? errorWords[code].action;
  return { headline: errorWords[code].headline, action: action.replaceAll('{id}', localId ?? '<local id>') };
}

/**
 * Core's own messages name the app's buttons in a few places ("use "Send now"", "(Send now)"):
 * on the command line they name the command instead.
 */
export function commandLineText(text: string, localId?: string): string {
  const send = localId === undefined ? 'titledesk send --all' : `titledesk send ${localId}`;
  return text
    .replace(/send it from its row \(Send now\)/g, `send it with ${send}`)
    .replace(/use "Send now" to try again/g, `${send} tries again`)
    .replace(/waits for "Send now"/g, `waits for ${send}`)
    .replace(/\(Send now\)/g, `(${send})`)
    .replace(/Settings → Environments/g, '--base-url')
    .replace(/Settings → Credentials/g, 'the WF_* variables (titledesk env)');
}
