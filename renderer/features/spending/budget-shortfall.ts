import type { Money } from '../../../shared/purchase/purchase.ts';
import type { SpendingStatus } from '../../../shared/money/spending.ts';
import { formatMoney } from '../common/money.ts';

/** Ten-thousandths of a unit: the precision budgets are checked at in core, so no float tail decides. */
const units = (value: number): number => Math.round(value * 10_000);

function spentIn(list: readonly Money[], currency: string): number {
  return list.find((money) => money.currency === currency)?.value ?? 0;
}

/**
 * Why a selection costing `totals` cannot be bought now, in money as money ("Over today's budget:
 * this costs £0.30; £0.00 of £8.00 left today."), or undefined when every budget has room. The
 * same check core makes before sending; this one only spares a confirmation that would be refused.
 */
export function budgetShortfall(status: SpendingStatus, totals: readonly Money[]): string | undefined {
  for (const cost of totals) {
    if (units(cost.value) <= 0) continue;
    const periods = [
      { limit: status.settings.daily[cost.currency], spent: spentIn(status.spentToday, cost.currency), which: "today's budget", when: 'today' },
      { limit: status.settings.monthly[cost.currency], spent: spentIn(status.spentThisMonth, cost.currency), which: "this month's budget", when: 'this month' },
    ];
    for (const { limit, spent, which, when } of periods) {
      if (limit === undefined) continue;
      const left = Math.max(0, units(limit) - units(spent));
      if (units(cost.value) <= left) continue;
      const money = (value: number): string => formatMoney({ value, currency: cost.currency });
      return `Over ${which}: this costs ${money(cost.value)}; ${money(left / 10_000)} of ${money(limit)} left ${when}.`;
    }
  }
  return undefined;
}
