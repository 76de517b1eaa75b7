import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchStore } from '../../../electron/core/batch/batch-store.ts';
import { PurchaseJournal } from '../../../electron/core/purchases/journal/journal.ts';
import { createRandom } from '../../../electron/sandbox/seeded.ts';
import type { BatchItem } from '../../../shared/purchase/batch.ts';
import type { PurchaseRecord, ResultItem } from '../../../shared/purchase/purchase.ts';

/**
 * A journal of paid purchases written through the journal API exactly as a batch writes it: each
 * purchase's intent, its sending mark, the 303 with its purchase ID, a 202 and its result, 16 in
 * flight at a time (so rewritten rows leave their old texts on many pages), and a batch of the
 * same purchases whose lines go queued, sending, pending, available.
 */
export interface PaidJournal {
  readonly dataDir: string;
  readonly records: PurchaseRecord[];
  readonly resultBodies: Map<string, string>;
  readonly batchId: string;
  readonly lines: BatchItem[];
}

const base = 'http://127.0.0.1:47100';
const variable = (n: number): string => `${base}/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Bathrooms/Bathroom Count ${String(n)} (1⋯5+)`;

/** A UUID from the seeded generator: the same journal, byte for byte, on every run. */
function seededUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function itemsOf(n: number, random: () => number): ResultItem[] {
  return [0, 1, 2].map((k) => ({
    variable: variable(n * 3 + k),
    provider: 'WhenFresh',
    source: 'Property Insurance',
    schemePath: ['Dwelling', 'Rooms', 'Bathrooms'],
    name: `Bathroom Count ${String(n * 3 + k)} (1⋯5+)`,
    ontologyType: `${base}/ontologies/Dwelling/Rooms#Bathrooms/Bathroom Count`,
    value: String(Math.floor(random() * 1_000_000)),
    price: { value: 0.65, currency: 'GBP' },
  }));
}

function lineOf(n: number, record: PurchaseRecord): BatchItem {
  return {
    index: n, row: n + 1, input: { title_number: record.titleNumber ?? '' }, titleNumber: record.titleNumber ?? null, tenure: null,
    state: 'queued', reason: null, toBuy: record.variables, cost: [{ value: 1.95, currency: 'GBP' }], reused: {},
    purchaseLocalId: null, purchaseId: null, total: [], values: {},
  };
}

/** `beforeClose`: called with the folder while the journal is still open (its WAL as a killed process leaves it). */
export function writePaidJournal(dirs: string[], count = 200, seed = 7, beforeClose?: (dataDir: string) => void): PaidJournal {
  const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-paid-'));
  dirs.push(dataDir);
  const random = createRandom(seed);
  const journal = new PurchaseJournal(dataDir);
  const batches = new BatchStore(journal.path);
  const batchId = seededUuid(random);
  const t0 = 1_760_000_000_000;
  const intents: PurchaseRecord[] = Array.from({ length: count }, (_, n) => ({
    id: seededUuid(random), environmentId: 'sandbox', titleNumber: `DN${String(100_000 + n)}`, variables: [0, 1, 2].map((k) => variable(n * 3 + k)),
    options: {}, state: 'submitting', autoCheck: true, createdAt: t0 + n * 10, updatedAt: t0 + n * 10, timeline: [],
  }));
  const lines = intents.map((record, n) => lineOf(n, record));
  batches.create({ id: batchId, state: 'running', stoppedBy: null, createdAt: t0, updatedAt: t0, spec: {
    environmentId: 'sandbox', source: 'titles.csv', columns: ['title_number'], variables: [variable(0)], tenure: 'all', reuseDays: 0, concurrency: 16, budget: {},
  } }, lines);
  const records: PurchaseRecord[] = [];
  const resultBodies = new Map<string, string>();
  for (let wave = 0; wave < count; wave += 16) {
    const group = intents.slice(wave, wave + 16);
    const sending = group.map((intent, k) => ({ ...(lines[wave + k] ?? lineOf(wave + k, intent)), state: 'sending' as const, purchaseLocalId: intent.id }));
    batches.saveItems(batchId, sending);
    for (const intent of group) journal.insert(intent);
    const marked = group.map((intent) => ({ ...intent, sendingAt: intent.createdAt + 5, updatedAt: intent.createdAt + 5 }));
    journal.writeAll(marked.map((record) => ({ record })), 'full');
    const pending = marked.map((record) => {
      const purchaseId = seededUuid(random);
      const post = { method: 'POST' as const, path: `/world/GB-eaw/titles/${record.titleNumber ?? ''}/catalog`, status: 303, at: record.createdAt + 5, receivedAt: record.createdAt + 40 };
      return { ...record, state: 'pending' as const, purchaseId, resultUrl: `${base}/purchases/${purchaseId}`, updatedAt: record.createdAt + 40, timeline: [post] };
    });
    journal.writeAll(pending.map((record) => ({ record })), 'full');
    pending.forEach((record, k) => { batches.saveProgress(batchId, { ...(sending[k] ?? lineOf(0, record)), state: 'pending', purchaseId: record.purchaseId }); });
    const waited = pending.map((record) => ({ ...record, updatedAt: record.createdAt + 2_070, timeline: [...record.timeline, { method: 'GET' as const, path: `/purchases/${record.purchaseId}`, status: 202, at: record.createdAt + 2_040, receivedAt: record.createdAt + 2_070 }] }));
    journal.writeAll(waited.map((record) => ({ record })), 'normal');
    for (const [k, record] of waited.entries()) {
      const items = itemsOf(wave + k, random);
      const final: PurchaseRecord = { ...record, state: 'available', autoCheck: false, updatedAt: record.createdAt + 4_100, items, totals: [{ value: 1.95, currency: 'GBP' }],
        timeline: [...record.timeline, { method: 'GET', path: `/purchases/${record.purchaseId}`, status: 200, at: record.createdAt + 4_080, receivedAt: record.createdAt + 4_100 }] };
      const body = JSON.stringify({ '@type': 'hydra:Collection', member: items.map((item) => ({ '@type': item.ontologyType, value: item.value, price: item.price, variable: { '@id': item.variable } })) });
      journal.update(final, 'normal', { resultBody: body });
      resultBodies.set(final.id, body);
      records.push(final);
      const line: BatchItem = { ...(sending[k] ?? lineOf(0, record)), state: 'available', purchaseId: final.purchaseId ?? null, total: final.totals ?? [],
        values: Object.fromEntries(items.map((item) => [item.variable, item.value])) };
      batches.saveProgress(batchId, line);
      lines[wave + k] = line;
    }
  }
  batches.setState(batchId, 'done', null, t0 + 10_000_000);
  beforeClose?.(dataDir);
  batches.close();
  journal.close();
  return { dataDir, records, resultBodies, batchId, lines };
}

/** A copy of a data folder (journal, WAL, backups, rescue file) to damage without touching the original. */
export function copyDataDir(from: string, dirs: string[]): string {
  const to = mkdtempSync(join(tmpdir(), 'titledesk-damaged-'));
  dirs.push(to);
  for (const name of readdirSync(from)) {
    if (name === 'backups') {
      copyDataDirFolder(join(from, name), join(to, name));
    } else if (!name.endsWith('-shm') && statSync(join(from, name)).isFile()) {
      copyFileSync(join(from, name), join(to, name));
    }
  }
  return to;
}

function copyDataDirFolder(from: string, to: string): void {
  mkdirSync(to);
  for (const name of readdirSync(from)) copyFileSync(join(from, name), join(to, name));
}
