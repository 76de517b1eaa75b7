import { existsSync, readFileSync } from 'node:fs';
import type { PurchaseRecord } from '../../../shared/purchase.ts';
import { purchaseRecordSchema } from '../../../shared/purchase.ts';

/**
 * The last way to read a damaged journal, when SQLite itself cannot walk its tables (a damaged
 * root page): every record is stored as one JSON text starting `{"id":"`, so the raw pages of
 * the file and its WAL are scanned for such texts, and each one that parses as a record is kept
 * (the newest version of each id). A record split over overflow pages is not found this way.
 */
const marker = Buffer.from('{"id":"', 'utf8');
const maxRecordBytes = 1_000_000;

/** The end (exclusive) of the JSON object starting at `start`, or -1 when it is not closed. */
function objectEnd(bytes: Buffer, start: number): number {
  let depth = 0;
  let inString = false;
  const limit = Math.min(bytes.length, start + maxRecordBytes);
  for (let i = start; i < limit; i += 1) {
    const byte = bytes[i];
    if (inString) {
      if (byte === 0x5c) i += 1; // backslash: skip the escaped byte
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b) depth += 1;
    else if (byte === 0x7d) {
      depth -= 1;
      if (depth === 0) return i + 1;
    } else if (byte === undefined || byte < 0x09) return -1; // page structure, not JSON text
  }
  return -1;
}

function scan(bytes: Buffer, found: Map<string, PurchaseRecord>): void {
  for (let start = bytes.indexOf(marker); start !== -1; start = bytes.indexOf(marker, start + 1)) {
    const end = objectEnd(bytes, start);
    if (end === -1) continue;
    let json: unknown;
    try {
      json = JSON.parse(bytes.subarray(start, end).toString('utf8'));
    } catch {
      continue;
    }
    const parsed = purchaseRecordSchema.safeParse(json);
    if (!parsed.success) continue;
    const known = found.get(parsed.data.id);
    if (known === undefined || known.updatedAt <= parsed.data.updatedAt) found.set(parsed.data.id, parsed.data);
  }
}

export function salvageRecordTexts(path: string): PurchaseRecord[] {
  const found = new Map<string, PurchaseRecord>();
  for (const file of [path, `${path}-wal`]) {
    if (existsSync(file)) scan(readFileSync(file), found);
  }
  return [...found.values()];
}
