import { errorDetail, errorWords } from '../../shared/error-messages.ts';
import { environmentKindOf, type Environment } from '../../shared/environment.ts';
import type { PurchaseRecord } from '../../shared/purchase.ts';
import { damagedLabel } from '../../shared/purchase-damage.ts';
import { purchaseStateWords } from '../../shared/purchase-words.ts';
import { exitCodeFor, exitCodes, type ExitCode } from './exit-codes.ts';

/** The JSON document `purchase --json` and `check --json` print. */
export function purchaseJson(record: PurchaseRecord, result: unknown): Record<string, unknown> {
  return {
    id: record.id,
    purchaseId: record.purchaseId ?? null,
    location: record.resultUrl ?? null,
    status: record.state,
    titleNumber: record.titleNumber ?? null,
    ...(record.address === undefined ? {} : { address: record.address }),
    result: result ?? null,
    items: record.items ?? [],
    total: record.totals ?? [],
    timeline: record.timeline,
    ...(record.error === undefined ? {} : { error: record.error }),
    // Salvaged without a whole record: scripts must see it as plainly as people do.
    ...(record.damaged === undefined ? {} : { damaged: record.damaged }),
  };
}

function formatMoney(value: number, currency: string): string {
  return currency === 'GBP' ? `£${value.toFixed(2)}` : `${value.toFixed(2)} ${currency}`;
}

const kindWords = { sandbox: 'Sandbox', live: 'Live', staging: 'Staging', local: 'Local' } as const;

/** The environment as the status line names it: its name and its kind ("Live" means charged). */
export function environmentLabel(environment: Environment): string {
  return `${environment.name} (${kindWords[environmentKindOf(environment)]})`;
}

function valuesPhrase(count: number): string {
  return `${String(count)} ${count === 1 ? 'value' : 'values'}`;
}

/**
 * The one line that says where a purchase stands: its state first, what it is, and for a
 * purchase that did not succeed, what happened and what to do.
 */
export function statusLine(record: PurchaseRecord, environmentName?: string): string {
  const what = [
    `purchase ${record.purchaseId ?? '(no purchase ID)'}`,
    record.titleNumber === undefined ? '' : ` of ${record.titleNumber}`,
    environmentName === undefined ? '' : ` on ${environmentName}`,
  ].join('');
  const parts = [`${purchaseStateWords[record.state]}${record.damaged === undefined || record.state !== 'outcome_unknown' ? '' : ` (${damagedLabel.toLowerCase()})`}: ${what}`];
  if (record.state === 'available') {
    const totals = (record.totals ?? []).map((total) => formatMoney(total.value, total.currency)).join(' + ');
    parts.push(`${valuesPhrase(record.items?.length ?? 0)}${totals === '' ? '' : `, total ${totals}`}`);
  }
  if (record.state === 'pending') parts.push(record.autoCheck ? 'Not ready yet' : 'Not ready yet; check it again later');
  if (record.error !== undefined && record.state !== 'available') {
    const words = errorWords[record.error.code];
    const detail = errorDetail(record.error);
    parts.push(`${words.headline}${detail === undefined ? '' : ` (${detail})`} ${words.action}`);
  }
  return parts.join('. ');
}

/** A readable summary for people: one status line, then the values bought. */
export function purchaseText(record: PurchaseRecord, environmentName?: string): string {
  const lines = [statusLine(record, environmentName)];
  for (const item of record.items ?? []) {
    lines.push(`  ${item.name} (${item.provider}/${item.source}): ${item.value}  [${formatMoney(item.price.value, item.price.currency)}]`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Prints the result. With --json the reason of a purchase that did not succeed also goes to
 * stderr (stdout holds only the document); in text the status line already says it.
 */
export function printPurchase(record: PurchaseRecord, result: unknown, json: boolean, command: string, environmentName?: string): void {
  if (!json) {
    process.stdout.write(purchaseText(record, environmentName));
    return;
  }
  process.stdout.write(`${JSON.stringify(purchaseJson(record, result), null, 2)}\n`);
  if (record.error !== undefined && record.state !== 'available') process.stderr.write(`titledesk ${command}: ${record.error.message}\n`);
}

/** Success is a purchase that is available, or pending when the caller chose not to wait. */
export function exitCodeForRecord(record: PurchaseRecord): ExitCode {
  if (record.state === 'available' || record.state === 'pending' || record.state === 'cancelled') return exitCodes.ok;
  if (record.state === 'outcome_unknown') return exitCodes.unavailable;
  return record.error === undefined ? exitCodes.failure : exitCodeFor(record.error.code);
}
