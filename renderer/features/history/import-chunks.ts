import type { HistoryExport } from '../../../shared/purchase/journal.ts';

/** Keeps each import request well under the browser-mode host's 1 MiB body limit. */
const maxChunkBytes = 600_000;

/**
 * Splits an export into documents of whole purchases that each fit one request. A purchase
 * larger than a chunk on its own still travels alone (and the host then says it is too large).
 */
export function importChunks(document: HistoryExport): HistoryExport[] {
  const chunks: HistoryExport[] = [];
  let current: HistoryExport['purchases'] = [];
  let size = 0;
  for (const purchase of document.purchases) {
    const bytes = new TextEncoder().encode(JSON.stringify(purchase)).length;
    if (current.length > 0 && size + bytes > maxChunkBytes) {
      chunks.push({ ...document, purchases: current });
      current = [];
      size = 0;
    }
    current.push(purchase);
    size += bytes;
  }
  if (current.length > 0) chunks.push({ ...document, purchases: current });
  return chunks;
}
