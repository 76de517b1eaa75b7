import type { BatchItem, BatchSpec } from '../../../shared/purchase/batch.ts';
import { csvDocument } from '../../../shared/files/csv.ts';
import { outputTable, type BatchDocument } from './batch-output.ts';

export type ExportFormat = 'csv' | 'xlsx' | 'json';

/** The shared CSV writer: input cells and values are outside data, so formulas are neutralised. */
export function exportCsv(spec: BatchSpec, items: readonly BatchItem[]): string {
  const { header, rows } = outputTable(spec, items);
  return csvDocument([header, ...rows]);
}

/**
 * An Excel workbook (write-excel-file: no dependency but a zip library). Numbers stay numbers.
 * The writer and its zip load on the first export: the desktop app's main bundle stays smaller
 * (build/bundle-budget.ts), and most sessions never export a workbook.
 */
export async function exportXlsx(spec: BatchSpec, items: readonly BatchItem[]): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const { header, rows } = outputTable(spec, items);
  const data = [
    header.map((title) => ({ value: title, fontWeight: 'bold' as const })),
    ...rows.map((row) => row.map((value) => (typeof value === 'number' ? { value, type: Number } : { value, type: String }))),
  ];
  return writeXlsxFile(data, { sheet: 'Batch' }).toBuffer();
}

export function exportJson(document: BatchDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
