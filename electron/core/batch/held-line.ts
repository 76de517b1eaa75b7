import type { BatchItem, ReusedValue } from '../../../shared/purchase/batch.ts';
import { variableIdentity } from '../../../shared/catalog/iri.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { deskHoldsWords } from '../../../shared/team/held-words.ts';
import { sumMoney } from '../spending/money.ts';

type HeldItem = BatchItem & { readonly heldBy: NonNullable<BatchItem['heldBy']> };

/**
 * The purchase made for a line came back as another team purchase (the team's begin found every
 * variable held): the line was not sent and follows that one, which it names.
 */
export function heldByOther(item: BatchItem, record: PurchaseRecord): BatchItem {
  if (record.id === item.purchaseLocalId || record.team === undefined) return item;
  return { ...item, heldBy: { desk: record.team.desk, teamPurchaseId: record.team.purchaseId, localId: record.id } };
}

/** How many of the line's variables the holding purchase buys: all of them when it cannot be told. */
function heldCount(item: BatchItem, record: PurchaseRecord): number {
  const held = new Set(record.variables.map(variableIdentity));
  const count = item.toBuy.filter((variable) => held.has(variableIdentity(variable))).length;
  return count === 0 ? item.toBuy.length : count;
}

/** The line's values from the holding purchase's delivered ones, as reused values bought at its time. */
function reusedFrom(item: BatchItem, record: PurchaseRecord): Record<string, ReusedValue> {
  const delivered = new Map((record.items ?? []).map((result) => [variableIdentity(result.variable), result]));
  return Object.fromEntries(item.toBuy.flatMap((variable) => {
    const result = delivered.get(variableIdentity(variable));
    return result === undefined ? [] : [[variable, { value: result.value, price: result.price, purchaseId: record.purchaseId ?? null, boughtAt: record.createdAt }]];
  }));
}

/**
 * A line another team purchase holds, as that purchase stands: awaiting it while it is bought,
 * reused once delivered (its cost that desk's, not this batch's), failed if it ended otherwise.
 * The words are the purchase's own ("being bought by desk X (team purchase N)").
 */
export function applyHeldPurchase(item: HeldItem, record: PurchaseRecord): BatchItem {
  const { desk, teamPurchaseId } = item.heldBy;
  const base = { ...item, purchaseId: record.purchaseId ?? null };
  const words = (delivered: boolean): string => `Not sent: ${deskHoldsWords(desk, heldCount(item, record), delivered)} (team purchase ${teamPurchaseId}); it is reused from there.`;
  switch (record.state) {
    case 'submitting':
    case 'pending':
    case 'waiting_for_sign_in':
    case 'not_sent':
      return { ...base, state: 'pending', reason: words(false) };
    case 'available': {
      const reused = { ...item.reused, ...reusedFrom(item, record) };
      const values = Object.fromEntries(Object.entries(reused).map(([variable, value]) => [variable, value.value]));
      return { ...base, state: 'reused', reason: words(true), reused, values: { ...item.values, ...values }, total: sumMoney(Object.values(reused).map((value) => value.price)) };
    }
    case 'failed':
    case 'cancelled':
    case 'outcome_unknown': {
      const why = record.error === undefined ? '' : `: ${record.error.message}`;
      return { ...base, state: 'failed', reason: `Not sent: desk ${desk}'s purchase (team purchase ${teamPurchaseId}) held these variables and ended ${record.state.replace('_', ' ')}${why}. Nothing was bought for this line.` };
    }
  }
}
