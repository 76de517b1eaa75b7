import type { BatchItem, BatchSpec, BatchSummary } from '../../../shared/purchase/batch.ts';
import { linesBeingBoughtText } from '../../../shared/purchase/batch-words.ts';
import type { Money } from '../../../shared/purchase/purchase.ts';
import { exportCsv, exportJson, exportXlsx } from '../../core/batch/batch-export.ts';
import type { BatchDocument } from '../../core/batch/batch-output.ts';
import { exitCodes } from '../exit-codes.ts';
import { commandLineText } from './cli-words.ts';
import { moneyListText } from './money-text.ts';
import { refuseMissingFolder, writeOutputFile } from '../output-file.ts';
import { boughtFromText } from './purchase-output.ts';

const money = (list: readonly Money[]): string => moneyListText(list);

/** One progress line on stderr: counts per state, money spent, time left. */
export function progressLine(summary: BatchSummary): string {
  const c = summary.counts;
  const settled = c.available + c.reused + c.refused + c.failed + c.unknown + c.cancelled;
  const waiting = summary.waiting === null ? '' : ` · waiting for the service (${summary.waiting.reason}); one line tries again in ${String(Math.max(0, Math.ceil((summary.waiting.retryAt - Date.now()) / 1000)))} s`;
  const eta = summary.etaMs === null || summary.waiting !== null ? waiting : ` · about ${String(Math.ceil(summary.etaMs / 1000))} s left`;
  return `batch ${summary.id}: ${String(settled)}/${String(summary.itemCount)} done (bought ${String(c.available)}, reused ${String(c.reused)}, refused ${String(c.refused)}, failed ${String(c.failed + c.unknown)}, ${linesBeingBoughtText(summary)}) · spent ${money(summary.spent)}${eta}`;
}

/** The preview as text: one line per input line, then the totals. */
export function previewText(items: readonly BatchItem[], allows: number | null): string {
  const lines = items.map((item) => {
    const what = item.state === 'reused' ? 'reuse' : item.state === 'queued' ? `buy ${String(item.toBuy.length)} for ${money(item.cost)}` : 'refused';
    const reason = item.reason === null ? '' : `  ${item.reason}`;
    return `row ${String(item.row).padStart(5)}  ${(boughtFromText(item) ?? '-').padEnd(10)} ${what}${reason}`;
  });
  const queued = items.filter((item) => item.state === 'queued');
  const total: Money[] = [];
  for (const item of queued) for (const cost of item.cost) {
    const known = total.find((entry) => entry.currency === cost.currency);
    if (known === undefined) total.push({ ...cost });
    else known.value = Math.round((known.value + cost.value) * 10_000) / 10_000;
  }
  const budget = allows === null ? '' : `\nThe budget allows the first ${String(allows)} of them.`;
  return `${lines.join('\n')}\n\n${String(queued.length)} to buy for ${money(total)}; ${String(items.filter((item) => item.state === 'reused').length)} reused; ${String(items.filter((item) => item.state === 'refused').length)} refused.${budget}\n`;
}

const settledWords: Partial<Record<BatchItem['state'], string>> = { refused: 'refused', failed: 'failed', unknown: 'outcome unknown', cancelled: 'stopped' };

/** A line's input as the report names it: what it bought from, else its first non-empty cell. */
function lineInput(item: BatchItem): string {
  return boughtFromText(item) ?? Object.values(item.input).find((cell) => cell.trim() !== '') ?? '-';
}

/**
 * The progress line for a line another team purchase holds, said once on stderr as soon as it is
 * known: "being bought by desk X (team purchase N)", as titledesk purchase says it.
 */
export function heldLineText(batchId: string, item: BatchItem): string | undefined {
  if (item.heldBy === undefined || item.reason === null) return undefined;
  return `batch ${batchId}: row ${String(item.row)} ${lineInput(item)}: ${item.reason}`;
}

/**
 * The batch's end in text: the progress line, then every line that was not bought or reused,
 * with its input and why, so a refused row is never only a count.
 */
export function batchResultText(summary: BatchSummary, items: readonly BatchItem[]): string {
  const lines = [progressLine(summary)];
  // Lines another desk's purchase holds are named with that desk and purchase, so a reused line says whose it is.
  const held = items.filter((item) => item.heldBy !== undefined && item.state === 'reused');
  if (held.length > 0) {
    lines.push(`${String(held.length)} ${held.length === 1 ? 'line was' : 'lines were'} reused from another team purchase:`);
    for (const item of held) lines.push(`  row ${String(item.row).padStart(5)}  ${lineInput(item).padEnd(12)} reused: ${item.reason ?? ''}`);
  }
  const problems = items.filter((item) => settledWords[item.state] !== undefined);
  if (problems.length > 0) {
    lines.push(`${String(problems.length)} ${problems.length === 1 ? 'line was' : 'lines were'} not bought:`);
    for (const item of problems) {
      const why = item.reason === null ? '' : `: ${commandLineText(item.reason)}`;
      lines.push(`  row ${String(item.row).padStart(5)}  ${lineInput(item).padEnd(12)} ${settledWords[item.state] ?? item.state}${why}`);
    }
  }
  if (summary.stoppedBy === 'budget') lines.push(`Stopped by the budget: raise it and run titledesk batch --resume ${summary.id}`);
  return `${lines.join('\n')}\n`;
}

/** The batch's JSON as the CLI prints it: a row's reason names the command, not the app's button, as in text. */
export function commandLineDocument(document: BatchDocument): BatchDocument {
  return { ...document, rows: document.rows.map((row) => ({ ...row, reason: row.reason === null ? null : commandLineText(row.reason) })) };
}

export function exitCodeForDocument(document: BatchDocument): number {
  if (document.stoppedBy === 'budget') return exitCodes.budget;
  if (document.totals.failed > 0) return exitCodes.unavailable;
  if (document.totals.refused > 0) return exitCodes.rejected;
  return exitCodes.ok;
}

/** The batch's output, owner only (0600) like every file TitleDesk writes: it holds what was bought. */
export async function writeOutput(path: string, spec: BatchSpec, items: readonly BatchItem[], document: BatchDocument): Promise<void> {
  const consequence = 'nothing was written; the batch itself is journaled (titledesk batch --resume <batch-id> --out FILE writes it again)';
  refuseMissingFolder(path, consequence);
  const lower = path.toLowerCase();
  if (lower.endsWith('.xlsx')) writeOutputFile(path, await exportXlsx(spec, items), consequence);
  else if (lower.endsWith('.json')) writeOutputFile(path, exportJson(document), consequence);
  else writeOutputFile(path, exportCsv(spec, items), consequence);
}

