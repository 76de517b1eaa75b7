import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { CoreError } from '../errors.ts';
import { describeBreach, type SpendingGuard } from './spending-guard.ts';

/**
 * The budget check of a purchase going out again ("Send now", "Send all", "Buy again", the
 * automatic send after a start): a purchase never sent counts for nothing until then, so it is
 * weighed at its first estimate and its price reserved in the same transaction, as a new one is.
 * Throws budget_exceeded, and nothing is sent, when it would go over a budget.
 */
export function admitResend(guard: SpendingGuard, record: PurchaseRecord): void {
  const cost = guard.ledger.estimateOf(record.id) ?? [];
  const { breach } = guard.reserve(record.environmentId, [{ localId: record.id, cost }]);
  if (breach !== undefined) throw new CoreError('budget_exceeded', describeBreach(breach));
}
