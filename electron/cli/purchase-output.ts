import type { PurchaseRecord } from '../../shared/purchase.ts';
import { exitCodeFor, exitCodes, type ExitCode } from './exit-codes.ts';

/** The JSON document `purchase --json` and `check --json` print. */
export function purchaseJson(record: PurchaseRecord, result: unknown): Record<string, unknown> {
  return {
    id: record.id,
    purchaseId: record.purchaseId ?? null,
    location: record.resultUrl ?? null,
    status: record.state,
    titleNumber: record.titleNumber ?? null,
    result: result ?? null,
    items: record.items ?? [],
    total: record.totals ?? [],
    timeline: record.timeline,
    ...(record.error === undefined ? {} : { error: record.error }),
  };
}

function formatMoney(value: number, currency: string): string {
  return currency === 'GBP' ? `£${value.toFixed(2)}` : `${value.toFixed(2)} ${currency}`;
}

/** A readable summary for people: state, ids, the values bought and their total. */
export function purchaseText(record: PurchaseRecord): string {
  const lines = [`Purchase ${record.purchaseId ?? '(no id yet)'}: ${record.state.replaceAll('_', ' ')}`];
  if (record.titleNumber !== undefined) lines.push(`Title: ${record.titleNumber}`);
  if (record.resultUrl !== undefined) lines.push(`Result: ${record.resultUrl}`);
  if (record.error !== undefined) lines.push(`Reason: ${record.error.message}`);
  for (const item of record.items ?? []) {
    lines.push(`  ${item.name} (${item.provider}/${item.source}): ${item.value}  [${formatMoney(item.price.value, item.price.currency)}]`);
  }
  for (const total of record.totals ?? []) lines.push(`Total: ${formatMoney(total.value, total.currency)}`);
  return `${lines.join('\n')}\n`;
}

/** Prints the result, and for a purchase that did not succeed its reason on stderr as well. */
export function printPurchase(record: PurchaseRecord, result: unknown, json: boolean, command: string): void {
  if (json) process.stdout.write(`${JSON.stringify(purchaseJson(record, result), null, 2)}\n`);
  else process.stdout.write(purchaseText(record));
  if (record.error !== undefined && record.state !== 'available') process.stderr.write(`titledesk ${command}: ${record.error.message}\n`);
}

/** Success is a purchase that is available, or pending when the caller chose not to wait. */
export function exitCodeForRecord(record: PurchaseRecord): ExitCode {
  if (record.state === 'available' || record.state === 'pending' || record.state === 'cancelled') return exitCodes.ok;
  if (record.state === 'outcome_unknown') return exitCodes.unavailable;
  return record.error === undefined ? exitCodes.failure : exitCodeFor(record.error.code);
}
