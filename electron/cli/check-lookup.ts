import type { Environment } from '../../shared/environment/environment.ts';
import type { ListedPurchase, PurchaseRecord } from '../../shared/purchase/purchase.ts';
import { purchaseStateWords } from '../../shared/purchase/purchase-words.ts';
import { CoreError } from '../core/errors.ts';
import type { CliContext } from './cli-context.ts';
import { editDistance } from './edit-distance.ts';
import { boughtFromText, environmentLabel } from './output/purchase-output.ts';
import { serviceAddressOf } from './service-address.ts';

/** The purchase ID inside a reference: the reference itself, or the last segment of a result URL. */
function idPart(reference: string): string {
  const segment = reference.split('/').filter((part) => part !== '').at(-1) ?? reference;
  return segment.toLowerCase();
}

/**
 * The journal's purchases whose ID is nearest the one asked for (a character short or wrong,
 * upper case): found by the journal's substring search on a piece of each end, then ranked by
 * edits. Cheap at any journal size: at most a few dozen rows are read.
 */
export function nearestPurchases(context: CliContext, reference: string, count = 3): ListedPurchase[] {
  const asked = idPart(reference);
  if (asked.length < 6) return [];
  const { purchases } = context.started.core;
  const pieces = [...new Set([asked.slice(0, 8), asked.slice(-8)])];
  const seen = new Map<string, ListedPurchase>();
  for (const text of pieces) for (const summary of purchases.summaries({ text, limit: 50 })) seen.set(summary.id, summary);
  const limit = Math.max(2, Math.floor(asked.length / 6));
  return [...seen.values()]
    .filter((summary) => summary.purchaseId !== undefined)
    .map((summary) => ({ summary, distance: editDistance(asked, (summary.purchaseId ?? '').toLowerCase(), limit) }))
    .filter((entry) => entry.distance <= limit)
    .sort((a, b) => a.distance - b.distance || b.summary.createdAt - a.summary.createdAt)
    .slice(0, count)
    .map((entry) => entry.summary);
}

const builtInSandboxWords =
  'This asked the built-in sandbox, started for this command alone because neither --base-url nor TITLEDESK_BASE_URL is set: it knows only purchases made during this command. Export TITLEDESK_BASE_URL (titledesk env shows what a command uses).';

/** "the service at http://…" with its name and kind, as the status line names it. */
function askedWords(context: CliContext): string {
  return context.builtInSandbox ? 'the built-in sandbox' : `${environmentLabel(context.environment)} at ${context.environment.baseUrl}`;
}

function suggestionLine(summary: ListedPurchase, context: CliContext, environments: readonly Environment[]): string {
  const address = serviceAddressOf(summary, environments);
  const when = new Date(summary.createdAt).toISOString().replace('T', ' ').slice(0, 16);
  const about = [boughtFromText(summary), purchaseStateWords[summary.state].toLowerCase(), `${when} UTC`].filter((part) => part !== undefined).join(', ');
  const elsewhere = address !== undefined && address !== context.environment.baseUrl.replace(/\/+$/, '');
  const command = `titledesk check ${summary.purchaseId ?? summary.id}${elsewhere ? ` --base-url ${address}` : ''}`;
  return `  Did you mean ${summary.purchaseId ?? summary.id} (${about}${elsewhere ? `, on ${address}` : ''})? ${command}`;
}

/**
 * The service's 404 said for a support call: the purchase asked for, the environment asked (the
 * built-in sandbox named as such), and the journal's nearest purchase IDs as ready commands.
 */
export function notFoundError(context: CliContext, reference: string): CoreError {
  const environments = context.started.core.environments.list();
  const lines = [`No purchase "${reference}" on ${askedWords(context)} (HTTP 404); nothing was saved.`];
  const nearest = nearestPurchases(context, reference);
  lines.push(...nearest.map((summary) => suggestionLine(summary, context, environments)));
  if (context.builtInSandbox) lines.push(`  ${builtInSandboxWords}`);
  else if (nearest.length === 0) lines.push('  Check the ID for typing mistakes, and that it was bought on this service (--base-url or TITLEDESK_BASE_URL; --keep saves it anyway).');
  return new CoreError('not_found', lines.join('\n'));
}

/**
 * A journaled purchase (by its local id) made on another service than the one this command
 * asks: the credentials given are for this one, so nothing is sent; the purchase's own service
 * is named with the command that checks it there, and what the journal last knew is said.
 */
export function otherServiceError(context: CliContext, record: PurchaseRecord): CoreError | undefined {
  if (record.environmentId === context.environment.id) return undefined;
  const address = serviceAddressOf(record, context.started.core.environments.list());
  if (address === undefined || address === context.environment.baseUrl.replace(/\/+$/, '')) return undefined;
  const seen = new Date(record.updatedAt).toISOString().replace('T', ' ').slice(0, 16);
  return new CoreError(
    'validation',
    [
      `Purchase ${record.id}${record.purchaseId === undefined ? '' : ` (purchase ID ${record.purchaseId})`} was made on ${address}, not on ${askedWords(context)}; nothing was asked.`,
      `  The journal last saw it ${purchaseStateWords[record.state].toLowerCase()} (${seen} UTC). Check it there: titledesk check ${record.id} --base-url ${address}`,
    ].join('\n'),
  );
}

/** Said on stderr before a check asks the built-in sandbox, which a support person rarely means to ask. */
export function builtInSandboxNote(context: CliContext): string | undefined {
  return context.builtInSandbox ? 'note: no --base-url or TITLEDESK_BASE_URL is set, so this asks the built-in sandbox, which knows only purchases made during this command.' : undefined;
}
