import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { PurchaseJournal } from '../../../electron/core/purchases/journal/journal.ts';
import { SpendingLedger } from '../../../electron/core/spending/ledger.ts';
import { periodStarts, SpendingGuard } from '../../../electron/core/spending/spending-guard.ts';
import { defaultPurchasingSettings, type PurchasingSettings } from '../../../shared/money/spending.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { percentile, round } from '../figures/stats.ts';

export const budgetCheckSchema = z.object({
  purchasesThisMonth: z.number(),
  firstCheckMs: z.number().nullable(),
  checks: z.number(),
  p50Ms: z.number().nullable(),
  p99Ms: z.number().nullable(),
});
export type BudgetCheckTiming = z.infer<typeof budgetCheckSchema>;

const cost = [{ currency: 'GBP', value: 1.5 }];
const settings: PurchasingSettings = { ...defaultPurchasingSettings, spending: { sandbox: { confirmAbove: {}, daily: { GBP: 1e9 }, monthly: { GBP: 1e9 } } } };

function purchasesSince(journal: PurchaseJournal, since: number): number {
  return z.object({ count: z.number() }).parse(journal.database.prepare("SELECT count(*) AS count FROM purchases WHERE environment_id = 'sandbox' AND created_at >= ?").get(since)).count;
}

/**
 * The spending guard's check with a daily and a monthly budget set, on a journal already full of
 * purchases: the first (which adds up the month), then one after each of `checks` purchases
 * priced, journaled and settled the way the app does them, as each purchase is checked.
 */
export function timeBudgetChecks(dataDir: string, checks: number): BudgetCheckTiming {
  const journal = new PurchaseJournal(dataDir);
  const ledger = new SpendingLedger(journal.path);
  const guard = new SpendingGuard({ ledger, settings: () => settings });
  try {
    let startedAt = performance.now();
    guard.breach('sandbox', cost);
    const firstCheckMs = performance.now() - startedAt;
    const samples: number[] = [];
    for (let index = 0; index < checks; index += 1) {
      const now = Date.now();
      const intent: PurchaseRecord = { id: randomUUID(), environmentId: 'sandbox', titleNumber: 'DN100000', variables: [], options: {}, state: 'submitting', autoCheck: true, createdAt: now, updatedAt: now, timeline: [] };
      ledger.recordEstimate(intent.id, 'sandbox', cost, now);
      journal.writeAll([{ record: intent, insert: true }], 'normal');
      journal.update({ ...intent, state: 'available', totals: cost, updatedAt: now + 1 }, 'normal');
      startedAt = performance.now();
      guard.breach('sandbox', cost);
      samples.push(performance.now() - startedAt);
    }
    return {
      purchasesThisMonth: purchasesSince(journal, periodStarts(Date.now()).month),
      firstCheckMs: round(firstCheckMs, 3),
      checks,
      p50Ms: round(percentile(samples, 50), 3),
      p99Ms: round(percentile(samples, 99), 3),
    };
  } finally {
    ledger.close();
    journal.close();
  }
}
