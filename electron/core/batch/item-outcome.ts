import type { BatchItem } from '../../../shared/purchase/batch.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { sumMoney } from '../spending/money.ts';
import { applyHeldPurchase } from './held-line.ts';

const refusedCodes = new Set(['bad_request', 'not_found', 'unprocessable', 'validation']);

/** What a purchase's record means for its batch line; a purchase not yet settled leaves it pending. */
export function applyPurchase(item: BatchItem, record: PurchaseRecord): BatchItem {
  if (item.heldBy !== undefined) return applyHeldPurchase({ ...item, heldBy: item.heldBy }, record);
  const base = { ...item, purchaseId: record.purchaseId ?? null };
  switch (record.state) {
    case 'submitting':
    case 'pending':
      return { ...base, state: 'pending' };
    case 'waiting_for_sign_in':
      // It goes on by itself once credentials are back: the line is not settled.
      return { ...base, state: 'pending' };
    case 'not_sent':
      return { ...base, state: 'unknown', reason: 'The purchase was never sent, so nothing was charged; send it from its row (Send now).' };
    case 'available': {
      const bought = Object.fromEntries((record.items ?? []).map((result) => [result.variable, result.value]));
      const reusedPrices = Object.values(item.reused).map((value) => value.price);
      return { ...base, state: 'available', values: { ...item.values, ...bought }, total: sumMoney(reusedPrices, record.totals ?? []) };
    }
    case 'failed': {
      const refused = record.error !== undefined && refusedCodes.has(record.error.code);
      return { ...base, state: refused ? 'refused' : 'failed', reason: record.error?.message ?? 'The purchase failed.' };
    }
    case 'outcome_unknown':
      return { ...base, state: 'unknown', reason: record.error?.message ?? 'The outcome of the purchase is unknown; it was not sent again.' };
    case 'cancelled':
      // Ended unsent by the team's begin (its words say which desk holds the variables): never charged.
      if (record.sendingAt === undefined && record.error?.code === 'cancelled') return { ...base, state: 'failed', reason: record.error.message };
      return { ...base, state: 'unknown', reason: 'The purchase is no longer followed; check it by its ID.' };
  }
}
