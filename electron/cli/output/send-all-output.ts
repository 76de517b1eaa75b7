import type { SendAllReport } from '../../../shared/purchase/send-all.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { commandLineText } from './cli-words.ts';
import { exitCodeFor, exitCodes, type ExitCode } from '../exit-codes.ts';
import { exitCodeForRecord } from './purchase-output.ts';

function plural(count: number, one: string, many: string): string {
  return `${String(count)} ${count === 1 ? one : many}`;
}

/** One line of counts, then one line per purchase that the service did not take, with why. */
export function printSendAll(report: SendAllReport): void {
  if (report.total === 0) {
    process.stdout.write('No purchase was waiting to be sent.\n');
    return;
  }
  const parts = [`${String(report.sent)} sent`];
  if (report.refused > 0) parts.push(`${String(report.refused)} refused`);
  if (report.unknown > 0) parts.push(`${String(report.unknown)} with an unknown outcome`);
  if (report.notSent > 0) parts.push(`${String(report.notSent)} still not sent (nothing charged)`);
  process.stdout.write(`${plural(report.total, 'purchase', 'purchases')} tried: ${parts.join(', ')}.\n`);
  for (const entry of report.purchases) {
    if (entry.reason === undefined) continue;
    // Core's reasons name the app's button ("Send now"): here the command that sends this one.
    process.stdout.write(`  ${entry.id} ${entry.state}: ${commandLineText(entry.reason, entry.id)}\n`);
  }
}

/** Which code wins when the purchases of one command ended differently: the one most worth acting on. */
const precedence: readonly ExitCode[] = [exitCodes.unavailable, exitCodes.rejected, exitCodes.auth, exitCodes.dataDir, exitCodes.budget, exitCodes.usage, exitCodes.failure];

/**
 * 0 only when the service took every one; otherwise the code each purchase would have on its own
 * (5 unknown outcome or no connection, 4 refused, 3 credentials, 6 held back by a budget), the
 * most urgent first.
 */
export function exitCodeForSendAll(report: SendAllReport, recordOf: (id: string) => PurchaseRecord | undefined): ExitCode {
  const codes = new Set(report.purchases.map((entry) => {
    // Held back before its POST (a budget): that reason's code, not the record's.
    if (entry.code !== undefined) return exitCodeFor(entry.code);
    const record = recordOf(entry.id);
    // Still "submitting" after its send: the request may have reached the service.
    if (record === undefined || record.state === 'submitting') return exitCodes.unavailable;
    return exitCodeForRecord(record);
  }));
  return precedence.find((code) => codes.has(code)) ?? exitCodes.ok;
}
