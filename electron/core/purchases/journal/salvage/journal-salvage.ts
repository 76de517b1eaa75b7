import { existsSync, readFileSync } from 'node:fs';
import type { PurchaseRecord } from '../../../../../shared/purchase/purchase.ts';
import { purchaseRecordSchema, purchaseStateSchema } from '../../../../../shared/purchase/purchase.ts';
import type { RecordEvidence } from './salvage-merge.ts';

/**
 * The last way to read a damaged journal, when SQLite itself cannot walk its tables (a damaged
 * root page): every record (and History's summary of it) is stored as one JSON text starting
 * `{"id":"`, so the raw pages of the file and its WAL are scanned for such texts. Every version
 * found is kept, not only the newest: a page keeps the old text of a rewritten row until its room
 * is reused, and the newest text may be the one the damage hit. A text that cannot be read whole
 * (cut by the damage, or continued on an overflow page) still says which purchase it was, and
 * often its state and purchase ID: those facts are kept, so that an older whole copy is never
 * taken for the last word (salvage-merge.ts).
 */
const marker = Buffer.from('{"id":"', 'utf8');
const maxRecordBytes = 1_000_000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The end (exclusive) of the JSON object starting at `start`, or -(where it broke) when it is not closed. */
function objectEnd(bytes: Buffer, start: number): number {
  let depth = 0;
  let inString = false;
  const limit = Math.min(bytes.length, start + maxRecordBytes);
  for (let i = start; i < limit; i += 1) {
    const byte = bytes[i];
    if (byte === undefined || byte < 0x09) return -i; // page structure, not JSON text
    if (inString) {
      if (byte === 0x5c) i += 1; // backslash: skip the escaped byte
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b) depth += 1;
    else if (byte === 0x7d) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -limit;
}

function stringField(text: string, name: string): string | undefined {
  const match = new RegExp(`"${name}":"((?:[^"\\\\]|\\\\.){1,2000})"`).exec(text);
  if (match?.[1] === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(`"${match[1]}"`);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

function numberField(text: string, name: string): number | undefined {
  const match = new RegExp(`"${name}":(\\d{1,16})[,}]`).exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** What a text that is not a whole record still says (a fragment, or a summary without a timeline). */
function factsOf(text: string): RecordEvidence | undefined {
  const id = stringField(text, 'id');
  if (id === undefined || !uuidPattern.test(id)) return undefined;
  const state = purchaseStateSchema.safeParse(stringField(text, 'state'));
  return {
    id,
    purchaseId: stringField(text, 'purchaseId'),
    resultUrl: stringField(text, 'resultUrl'),
    state: state.success ? state.data : undefined,
    updatedAt: numberField(text, 'updatedAt'),
    createdAt: numberField(text, 'createdAt'),
    environmentId: stringField(text, 'environmentId'),
    titleNumber: stringField(text, 'titleNumber'),
  };
}

export interface ScannedTexts {
  /** Every version of every record found whole. */
  readonly records: PurchaseRecord[];
  /** A result body found whole right after its record's text (the row's next column), by local id. */
  readonly resultBodies: Map<string, string>;
  /** Facts from texts that are not whole records. */
  readonly facts: RecordEvidence[];
}

/**
 * In a row, the result body is the column after the record, so its bytes follow the record's
 * text directly: a JSON object there, read whole, is that record's result.
 */
function trailingBody(bytes: Buffer, start: number): string | undefined {
  if (bytes[start] !== 0x7b) return undefined;
  const end = objectEnd(bytes, start);
  if (end <= 0) return undefined;
  const text = bytes.subarray(start, end).toString('utf8');
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null ? text : undefined;
  } catch {
    return undefined;
  }
}

function scan(bytes: Buffer, found: ScannedTexts): void {
  for (let start = bytes.indexOf(marker); start !== -1; start = bytes.indexOf(marker, start + 1)) {
    const end = objectEnd(bytes, start);
    const next = bytes.indexOf(marker, start + 1);
    const cut = end > 0 ? end : Math.min(-end, next === -1 ? bytes.length : next);
    const text = bytes.subarray(start, cut).toString('utf8');
    if (end > 0) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const parsed = purchaseRecordSchema.safeParse(json);
      if (parsed.success) {
        found.records.push(parsed.data);
        const body = trailingBody(bytes, end);
        if (body !== undefined) found.resultBodies.set(parsed.data.id, body);
        continue;
      }
    }
    const facts = factsOf(text);
    if (facts !== undefined) found.facts.push(facts);
  }
}

/** Every record text in the file and its WAL, whole or not. */
export function scanRecordTexts(path: string): ScannedTexts {
  const found: ScannedTexts = { records: [], resultBodies: new Map(), facts: [] };
  for (const file of [path, `${path}-wal`]) {
    if (existsSync(file)) scan(readFileSync(file), found);
  }
  return found;
}
