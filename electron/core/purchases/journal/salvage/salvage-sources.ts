import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { purchaseStateSchema } from '../../../../../shared/purchase/purchase.ts';
import { backupPaths, openBackupReadOnly } from '../journal-backup.ts';
import { parseRecord } from '../journal-rows.ts';
import { scanRecordTexts } from './journal-salvage.ts';
import { purchaseIdOf } from '../../answers/reference.ts';
import { readRescue } from '../rescue-file.ts';
import { SalvageFindings, type RecordEvidence } from './salvage-merge.ts';

/**
 * Every copy of the purchases a damaged journal held, gathered for salvage-merge.ts: its rows
 * read through SQLite from both ends (one bad page in the middle loses only what is on it), its
 * indexes (other pages, holding each row's purchase ID and state), the raw texts of its pages and
 * WAL, each backup, and the rescue file.
 */
const rowSchema = z.object({
  rid: z.number(),
  id: z.string(),
  environment_id: z.string().nullable(),
  title_number: z.string().nullable(),
  purchase_id: z.string().nullable(),
  state: z.string().nullable(),
  created_at: z.number().nullable(),
  updated_at: z.number().nullable(),
  record: z.string().nullable(),
  result_body: z.string().nullable(),
});
const keyRowSchema = z.object({ rid: z.number(), value: z.string() });
const variableRowSchema = z.object({ variable: z.string(), id: z.string() });

/** The damaged journal's copy, read with its WAL (never written). */
export function openCopyReadOnly(path: string): DatabaseSync {
  return new DatabaseSync(path, { readOnly: true });
}

/** Each row a query gives before the scan meets a damaged page, from both ends (`$order`). */
export function eachRow(db: DatabaseSync, sql: string, visit: (row: unknown) => void): void {
  for (const order of ['ASC', 'DESC']) {
    try {
      for (const row of db.prepare(sql.replaceAll('$order', order)).iterate()) visit(row);
    } catch {
      // The scan stopped at a damaged page: keep what came before it.
    }
  }
}

function readRows(db: DatabaseSync, findings: SalvageFindings, current: boolean, ids: Map<number, string>): void {
  eachRow(db, 'SELECT rowid AS rid, * FROM purchases ORDER BY rowid $order', (row) => {
    const parsed = rowSchema.safeParse(row);
    if (!parsed.success) return;
    const { rid, id, record: text, result_body: body } = parsed.data;
    ids.set(rid, id);
    const record = parseRecord({ record: text });
    if (record?.id === id) findings.addWhole(record, current, body);
    else if (current) findings.addFacts(factsOfRow(parsed.data));
    if (body !== null) findings.addResultBody(id, body);
  });
}

/** The columns of a row whose record text does not parse: they are the row's current key facts. */
function factsOfRow(row: z.infer<typeof rowSchema>): RecordEvidence {
  const state = purchaseStateSchema.safeParse(row.state);
  return {
    id: row.id,
    purchaseId: row.purchase_id ?? undefined,
    state: state.success ? state.data : undefined,
    updatedAt: row.updated_at ?? undefined,
    createdAt: row.created_at ?? undefined,
    environmentId: row.environment_id ?? undefined,
    // An address's or UPRN's column (`address:…`, journal-rows.ts) is no title: never a title to send to.
    titleNumber: row.title_number?.includes(':') === true ? undefined : row.title_number ?? undefined,
    current: true,
  };
}

/** Each row's purchase ID and state from their indexes, tied to its id by the id's own index. */
function readIndexes(db: DatabaseSync, findings: SalvageFindings, ids: Map<number, string>): void {
  const keys = (sql: string, visit: (rid: number, value: string) => void): void => {
    eachRow(db, sql, (row) => {
      const parsed = keyRowSchema.safeParse(row);
      if (parsed.success) visit(parsed.data.rid, parsed.data.value);
    });
  };
  keys("SELECT rowid AS rid, id AS value FROM purchases INDEXED BY sqlite_autoindex_purchases_1 WHERE id > '' ORDER BY id $order", (rid, id) => {
    ids.set(rid, id);
  });
  keys("SELECT rowid AS rid, purchase_id AS value FROM purchases INDEXED BY purchases_purchase_id WHERE purchase_id > '' ORDER BY purchase_id $order", (rid, purchaseId) => {
    const id = ids.get(rid);
    if (id !== undefined) findings.addFacts({ id, purchaseId, current: true });
  });
  keys("SELECT rowid AS rid, state AS value FROM purchases INDEXED BY purchases_by_state WHERE state > '' ORDER BY state $order", (rid, value) => {
    const id = ids.get(rid);
    const state = purchaseStateSchema.safeParse(value);
    if (id !== undefined && state.success) findings.addFacts({ id, state: state.data, current: true });
  });
  eachRow(db, 'SELECT purchase_local_id AS id, variable FROM purchase_variables ORDER BY variable $order', (row) => {
    const parsed = variableRowSchema.safeParse(row);
    if (parsed.success) findings.addVariable(parsed.data.id, parsed.data.variable);
  });
}

/** `current`: the file is the damaged journal itself (its rows are its last word), not a backup. */
function readDatabase(path: string, findings: SalvageFindings, current: boolean): void {
  let db: DatabaseSync;
  try {
    db = current ? openCopyReadOnly(path) : openBackupReadOnly(path);
  } catch {
    return;
  }
  const ids = new Map<number, string>();
  try {
    readRows(db, findings, current, ids);
    if (current) readIndexes(db, findings, ids);
  } finally {
    db.close();
  }
}

function readRescued(dataDir: string, findings: SalvageFindings): void {
  for (const entry of readRescue(dataDir).entries) {
    let purchaseId: string | undefined;
    try {
      purchaseId = entry.resultUrl === undefined ? undefined : purchaseIdOf(new URL(entry.resultUrl));
    } catch {
      purchaseId = undefined;
    }
    findings.addFacts({
      id: entry.localId,
      purchaseId,
      resultUrl: entry.resultUrl,
      state: entry.body === undefined ? undefined : 'available',
      createdAt: entry.at,
      environmentId: entry.environmentId,
      titleNumber: entry.titleNumber,
    });
    for (const variable of entry.variables) findings.addVariable(entry.localId, variable);
  }
}

/** `copyPath`: the damaged journal's copy (with its WAL); `dataDir`: where its backups and rescue file are. */
export function gatherCopies(copyPath: string, dataDir: string): SalvageFindings {
  const findings = new SalvageFindings();
  readDatabase(copyPath, findings, true);
  const texts = scanRecordTexts(copyPath);
  for (const record of texts.records) findings.addWhole(record, false);
  for (const facts of texts.facts) findings.addFacts(facts);
  for (const [id, body] of texts.resultBodies) findings.addResultBody(id, body, false);
  for (const backup of backupPaths(dataDir)) readDatabase(backup, findings, false);
  readRescued(dataDir, findings);
  return findings;
}
