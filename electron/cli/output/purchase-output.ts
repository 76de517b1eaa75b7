import { describeResource, resourceOfPurchase } from '../../../shared/catalog/catalog-resource.ts';
import { errorDetail } from '../../../shared/errors/error-messages.ts';
import { environmentKindOf, type Environment } from '../../../shared/environment/environment.ts';
import type { Money, PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { damagedLabel } from '../../../shared/purchase/purchase-damage.ts';
import { purchaseStateWords } from '../../../shared/purchase/purchase-words.ts';
import { cliErrorWords, commandLineText } from './cli-words.ts';
import { exitCodeFor, exitCodes, type ExitCode } from '../exit-codes.ts';
import { moneyListText, moneyText } from './money-text.ts';
import { serviceAddressOf } from '../service-address.ts';

/**
 * A purchase as every command's --json gives it (purchase, check, send, resolve, history): one
 * shape, the journal's record with its names (`state`, `resultUrl`, `totals`; a field the
 * purchase does not have yet is absent), plus `baseUrl`, the service it was made on, when the
 * record says. purchase, check, send and resolve add `result`, the collection as received
 * (`null` until then); history leaves it out. Documented in docs/cli.md.
 */
export function purchaseJson(record: PurchaseRecord, result?: unknown, environments: readonly Environment[] = []): Record<string, unknown> {
  const baseUrl = serviceAddressOf(record, environments);
  // The record's own `resource` (an address's or a UPRN's; absent for a title's, named by titleNumber), as the journal keeps it.
  return { ...record, ...(baseUrl === undefined ? {} : { baseUrl }), ...(result === undefined ? {} : { result: result ?? null }) };
}

/**
 * What a purchase was bought from, as a line names it: a title by its number (as always), an
 * address or a UPRN with its kind ("address 8e05p·0", "UPRN 100023336956"); undefined for a
 * purchase that joined the history by check.
 */
export function boughtFromText(record: { readonly titleNumber?: string | null | undefined; readonly resource?: PurchaseRecord['resource'] }): string | undefined {
  const resource = resourceOfPurchase({ titleNumber: record.titleNumber ?? undefined, resource: record.resource });
  if (resource === undefined) return undefined;
  return resource.kind === 'title' ? resource.key : describeResource(resource);
}

const kindWords = { sandbox: 'Sandbox', live: 'Live', staging: 'Staging', local: 'Local' } as const;

/** The environment as the status line names it: its name and its kind ("Live" means charged). */
export function environmentLabel(environment: Environment): string {
  return `${environment.name} (${kindWords[environmentKindOf(environment)]})`;
}

function valuesPhrase(count: number): string {
  return `${String(count)} ${count === 1 ? 'value' : 'values'}`;
}

function variablesPhrase(count: number): string {
  return `${String(count)} ${count === 1 ? 'variable' : 'variables'}`;
}

/** "at 00:12:05 UTC (in 42 s)": when the service said the purchase may be ready to ask again. */
function advisedTime(at: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((at - now) / 1000));
  const clock = new Date(at).toISOString().slice(11, 19);
  const wait = seconds < 90 ? `${String(seconds)} s` : seconds < 5400 ? `${String(Math.round(seconds / 60))} min` : `${String(Math.round(seconds / 3600))} h`;
  return `at ${clock} UTC (in ${wait})`;
}

/** What is known of a purchase not ready yet: when to ask, what it is, what it costs, how to follow it. */
function pendingWords(record: PurchaseRecord, estimate: readonly Money[] | undefined, now: number): string {
  if (record.autoCheck) return 'Not ready yet';
  const when = record.nextCheckAt === undefined ? 'the service gave no time, so check it again later' : `the service advised asking again ${advisedTime(record.nextCheckAt, now)}`;
  const what = record.variables.length === 0 ? '' : ` ${variablesPhrase(record.variables.length)}`;
  const price = estimate === undefined || estimate.length === 0 ? '' : `, ${moneyListText(estimate)} at catalog prices`;
  const about = what === '' && price === '' ? '' : `${what.trim().replace(/^./, (first) => first.toUpperCase())}${price}. `;
  return `Not ready yet: ${when}. ${about}titledesk check ${record.id} --wait follows it until its values arrive`;
}

export interface StatusContext {
  /** The environment's label: name and kind. */
  readonly environmentName?: string;
  /** The catalog price recorded when it was bought, for a purchase without its values yet. */
  readonly estimate?: readonly Money[];
  readonly now?: number;
}

/**
 * The one line that says where a purchase stands: its state first, what it is, and for a
 * purchase that did not succeed, what happened and what to do.
 */
export function statusLine(record: PurchaseRecord, context: StatusContext = {}): string {
  const what = [
    `purchase ${record.purchaseId ?? '(no purchase ID)'}`,
    boughtFromText(record) === undefined ? '' : ` of ${boughtFromText(record) ?? ''}`,
    context.environmentName === undefined ? '' : ` on ${context.environmentName}`,
  ].join('');
  const parts = [`${purchaseStateWords[record.state]}${record.damaged === undefined || record.state !== 'outcome_unknown' ? '' : ` (${damagedLabel.toLowerCase()})`}: ${what}`];
  if (record.state === 'available') {
    const totals = (record.totals ?? []).map(moneyText).join(' + ');
    parts.push(`${valuesPhrase(record.items?.length ?? 0)}${totals === '' ? '' : `, total ${totals}`}`);
  }
  if (record.state === 'pending') parts.push(pendingWords(record, context.estimate, context.now ?? Date.now()));
  if (record.error !== undefined && record.state !== 'available') {
    const words = cliErrorWords(record.error.code, record.id);
    const detail = errorDetail(record.error);
    parts.push(`${words.headline}${detail === undefined ? '' : ` (${commandLineText(detail, record.id)})`} ${words.action}`);
  }
  return parts.join('. ');
}

/** A readable summary for people: one status line, then the values bought. */
export function purchaseText(record: PurchaseRecord, context: StatusContext = {}): string {
  const lines = [statusLine(record, context)];
  for (const item of record.items ?? []) {
    lines.push(`  ${item.name} (${item.provider}/${item.source}): ${item.value}  [${moneyText(item.price)}]`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Prints the result. With --json the reason of a purchase that did not succeed also goes to
 * stderr (stdout holds only the document); in text the status line already says it.
 */
export function printPurchase(record: PurchaseRecord, result: unknown, json: boolean, command: string, context: StatusContext & { readonly environments?: readonly Environment[] } = {}): void {
  if (!json) {
    process.stdout.write(purchaseText(record, context));
    return;
  }
  process.stdout.write(`${JSON.stringify(purchaseJson(record, result ?? null, context.environments), null, 2)}\n`);
  if (record.error !== undefined && record.state !== 'available') process.stderr.write(`titledesk ${command}: ${commandLineText(record.error.message, record.id)}\n`);
}

/** Success is a purchase that is available, or pending when the caller chose not to wait. */
export function exitCodeForRecord(record: PurchaseRecord): ExitCode {
  if (record.state === 'available' || record.state === 'pending' || record.state === 'cancelled') return exitCodes.ok;
  if (record.state === 'outcome_unknown') return exitCodes.unavailable;
  return record.error === undefined ? exitCodes.failure : exitCodeFor(record.error.code);
}
