import type { BatchItem, BatchSpec } from '../../../shared/batch.ts';
import { outputTable, type BatchDocument } from './batch-output.ts';
import { loadPapa } from './papa.ts';

export type ExportFormat = 'csv' | 'xlsx' | 'json';

/** CSV with a BOM so spreadsheet programs read the £ and ⋯ of variable names as UTF-8. */
export async function exportCsv(spec: BatchSpec, items: readonly BatchItem[]): Promise<string> {
  const Papa = await loadPapa();
  const { header, rows } = outputTable(spec, items);
  return `\uFEFF${Papa.unparse({ fields: header, data: rows }, { newline: '\r\n' })}\r\n`;
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
