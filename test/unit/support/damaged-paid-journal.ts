import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PurchaseJournal } from '../../../electron/core/purchases/journal/journal.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { intentRecord } from './intent-record.ts';
import { settledRecord } from './settled-record.ts';

/**
 * The damage of issue 59 made exact: a journal whose schema page is overwritten (SQLite reaches
 * no table) and whose paid purchase's newest text is cut in the middle, while its older texts
 * (the intent, the 303 with its purchase ID) and History's summary of it are still on the pages.
 * Returns the paid purchase as it was last written, and the others.
 */
export function writeDamagedPaidJournal(dataDir: string): { paid: PurchaseRecord; others: PurchaseRecord[] } {
  const journal = new PurchaseJournal(dataDir);
  const others = Array.from({ length: 12 }, (_, n) => settledRecord(n));
  for (const record of others) journal.insert(record);
  const intent = intentRecord({ id: '0b6f3a1e-2c4d-4e5f-8a9b-0c1d2e3f4a5b', createdAt: 1_760_000_000_000, updatedAt: 1_760_000_000_000 });
  journal.insert(intent);
  const sending = { ...intent, sendingAt: intent.createdAt + 5, updatedAt: intent.createdAt + 5 };
  journal.update(sending, 'full');
  const purchaseId = 'a7c4e1d2-5b3f-4c6a-9e8d-7f1a2b3c4d5e';
  const post = { method: 'POST' as const, path: '/world/GB-eaw/titles/DN123456/catalog', status: 303, at: intent.createdAt + 5, receivedAt: intent.createdAt + 40 };
  const pending: PurchaseRecord = { ...sending, state: 'pending', purchaseId, resultUrl: `http://127.0.0.1:47100/purchases/${purchaseId}`, updatedAt: intent.createdAt + 40, timeline: [post] };
  journal.update(pending, 'full');
  const item = {
    variable: intent.variables[0] ?? '', provider: 'WhenFresh', source: 'Address', schemePath: ['Ordnance Survey', 'Spatial', 'Address'],
    name: 'UPRN', ontologyType: 'http://127.0.0.1:47100/ontologies/Ordnance Survey/Spatial#Address/UPRN', value: '100023336956', price: { value: 0.65, currency: 'GBP' },
  };
  const paid: PurchaseRecord = {
    ...pending, state: 'available', autoCheck: false, updatedAt: intent.createdAt + 2_100, items: [item], totals: [{ value: 0.65, currency: 'GBP' }],
    timeline: [post, { method: 'GET', path: `/purchases/${purchaseId}`, status: 200, at: intent.createdAt + 2_080, receivedAt: intent.createdAt + 2_100 }],
  };
  journal.update(paid, 'normal', { resultBody: JSON.stringify({ '@type': 'hydra:Collection', member: [] }) });
  journal.close();
  const path = join(dataDir, 'purchases.sqlite');
  const bytes = readFileSync(path);
  const newest = bytes.lastIndexOf(Buffer.from(JSON.stringify(paid), 'utf8'));
  if (newest === -1) throw new Error('the paid purchase is not stored as one text');
  const fd = openSync(path, 'r+');
  try {
    // Cut the newest text after its purchase ID, then the schema: only raw texts remain to read.
    const cut = newest + JSON.stringify(paid).indexOf('"timeline"');
    writeSync(fd, Buffer.alloc(168, 0), 0, 168, cut);
    writeSync(fd, Buffer.alloc(168, 0xff), 0, 168, 100);
  } finally {
    closeSync(fd);
  }
  return { paid, others };
}
