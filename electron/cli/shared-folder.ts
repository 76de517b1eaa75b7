import { settledPurchaseStates, type PurchaseRecord } from '../../shared/purchase/purchase.ts';
import type { PurchaseService } from '../core/purchases/purchase-service.ts';

const journalReadIntervalMs = 250;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A purchase the running TitleDesk follows on this data folder: the CLI reads the journal the
 * app writes (a local read, no request to the service) until the purchase settles, so one
 * purchase is never polled by two processes, and never early.
 */
export async function watchJournal(purchases: PurchaseService, id: string, onChange: (record: PurchaseRecord) => void): Promise<PurchaseRecord> {
  let last: PurchaseRecord | undefined;
  for (;;) {
    const record = purchases.get(id);
    if (record === undefined) throw new Error('The purchase left the journal.');
    if (last === undefined || record.updatedAt !== last.updatedAt) onChange(record);
    last = record;
    if (settledPurchaseStates.includes(record.state)) return record;
    await sleep(journalReadIntervalMs);
  }
}

/** Waits until the server's advised time for the next GET has come: a check is never early. */
export async function untilAdvised(record: PurchaseRecord | undefined, now: () => number = Date.now): Promise<void> {
  if (record?.state !== 'pending' || record.nextCheckAt === undefined) return;
  const wait = record.nextCheckAt - now();
  if (wait > 0) await sleep(wait);
}
