import { moneyText } from '../../../shared/money/money-text.ts';
import type { Money } from '../../../shared/purchase/purchase.ts';
import {
  emptySpendingSettings,
  type Amounts,
  type PurchasingSettings,
  type SpendingHistory,
  type SpendingSettings,
  type SpendingStatus,
} from '../../../shared/money/spending.ts';
import type { Estimate, PeriodSpend } from './ledger.ts';
import type { SpendingBook } from '../stores/spending-book.ts';
import type { PeriodStarts } from './spend-tally.ts';
import { MoneyTally, roundMoney } from './money.ts';

export interface SpendingGuardOptions {
  readonly ledger: SpendingBook;
  /** Read at every decision, so a raised budget applies at once. */
  readonly settings: () => PurchasingSettings;
  readonly now?: () => number;
}

/** A purchase that would go over a budget: which one, and by how much. */
export interface BudgetBreach {
  readonly currency: string;
  readonly period: 'day' | 'month' | 'batch';
  readonly limit: number;
  readonly spent: number;
  readonly cost: number;
}

/** Local midnight and the first of the month: budgets follow the user's calendar. */
export function periodStarts(now: number): PeriodStarts {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  const month = new Date(day);
  month.setDate(1);
  return { day: day.getTime(), month: month.getTime() };
}

function remaining(budget: Amounts, spent: MoneyTally): Money[] {
  return Object.entries(budget).map(([currency, limit]) => ({ currency, value: roundMoney(Math.max(0, limit - spent.get(currency))) }));
}

/** The first budget the cost would break, if any. */
function breachOf(budget: Amounts, spent: MoneyTally, cost: readonly Money[], period: BudgetBreach['period']): BudgetBreach | undefined {
  for (const item of cost) {
    const limit = budget[item.currency];
    if (limit === undefined) continue;
    const already = spent.get(item.currency);
    if (roundMoney(already + item.value) > limit) return { currency: item.currency, period, limit, spent: roundMoney(already), cost: item.value };
  }
  return undefined;
}

/** "This would go over today's budget: it costs £0.30; £0.00 of £8.00 left today. Nothing was sent." */
export function describeBreach(breach: BudgetBreach): string {
  const which = breach.period === 'day' ? "today's budget" : breach.period === 'month' ? "this month's budget" : "the batch's budget";
  const when = breach.period === 'day' ? 'today' : breach.period === 'month' ? 'this month' : 'in the batch';
  const money = (value: number): string => moneyText({ value, currency: breach.currency });
  const left = roundMoney(Math.max(0, breach.limit - breach.spent));
  return `This would go over ${which}: it costs ${money(breach.cost)}; ${money(left)} of ${money(breach.limit)} left ${when}. Nothing was sent.`;
}

/**
 * The spending guard of every environment: budgets per day and month per currency, spent money
 * from the journal, and the amount above which a purchase needs a second confirmation.
 */
export class SpendingGuard {
  readonly #ledger: SpendingBook;
  readonly #settings: () => PurchasingSettings;
  readonly #now: () => number;

  constructor(options: SpendingGuardOptions) {
    this.#ledger = options.ledger;
    this.#settings = options.settings;
    this.#now = options.now ?? Date.now;
  }

  get ledger(): SpendingBook {
    return this.#ledger;
  }

  settingsOf(environmentId: string): SpendingSettings {
    return this.#settings().spending[environmentId] ?? emptySpendingSettings;
  }

  #spent(environmentId: string): { day: MoneyTally; month: MoneyTally } {
    const now = this.#now();
    const { day, month } = this.#ledger.spent(environmentId, periodStarts(now), now);
    return { day: new MoneyTally().add(day), month: new MoneyTally().add(month) };
  }

  /**
   * Weighs `estimates`, in order, against the day's and month's budgets (and a batch's own cap,
   * `extra`) and reserves those that fit, stopping at the first that does not: the check and the
   * commitment happen in one transaction of the journal, so no purchase of any path or process
   * can spend the same money in between. Returns how many were reserved and, when one did not
   * fit, the budget it would have broken.
   */
  reserve(environmentId: string, estimates: readonly Estimate[], extra?: { budget: Amounts; spent: readonly Money[] }): { reserved: number; breach: BudgetBreach | undefined } {
    const settings = this.settingsOf(environmentId);
    const now = this.#now();
    let breach: BudgetBreach | undefined;
    // The journal is read only when a currency of the estimates has a budget: a batch of
    // thousands of lines reserves before every wave.
    const limited = estimates.some(({ cost }) => cost.some((money) => settings.daily[money.currency] !== undefined || settings.monthly[money.currency] !== undefined));
    const choose = (spent: () => PeriodSpend): number => {
      const current = limited ? spent() : { day: [], month: [] };
      const day = new MoneyTally().add(current.day);
      const month = new MoneyTally().add(current.month);
      const batch = new MoneyTally().add(extra?.spent ?? []);
      for (const [index, { cost }] of estimates.entries()) {
        breach = breachOf(settings.daily, day, cost, 'day') ?? breachOf(settings.monthly, month, cost, 'month') ??
          (extra === undefined ? undefined : breachOf(extra.budget, batch, cost, 'batch'));
        if (breach !== undefined) return index;
        day.add(cost);
        month.add(cost);
        batch.add(cost);
      }
      return estimates.length;
    };
    const reserved = this.#ledger.reserve(environmentId, estimates, periodStarts(now), now, choose);
    return { reserved, breach };
  }

  status(environmentId: string): SpendingStatus {
    const settings = this.settingsOf(environmentId);
    const { day, month } = this.#spent(environmentId);
    const purchasing = this.#settings();
    return {
      environmentId,
      settings,
      spentToday: day.list(),
      spentThisMonth: month.list(),
      remainingToday: remaining(settings.daily, day),
      remainingThisMonth: remaining(settings.monthly, month),
      reuseDays: purchasing.reuseDays,
      batchConcurrency: purchasing.batchConcurrency,
    };
  }

  /** The budget this cost would break now, or undefined when it fits. `extra` is a batch's own cap. */
  breach(environmentId: string, cost: readonly Money[], extra?: { budget: Amounts; spent: readonly Money[] }): BudgetBreach | undefined {
    const settings = this.settingsOf(environmentId);
    const batch = extra === undefined ? undefined : breachOf(extra.budget, new MoneyTally().add(extra.spent), cost, 'batch');
    // The journal is read only when one of the cost's currencies has a budget: a batch of
    // thousands of lines asks before every one of them.
    const limited = cost.some((money) => settings.daily[money.currency] !== undefined || settings.monthly[money.currency] !== undefined);
    if (!limited) return batch;
    const { day, month } = this.#spent(environmentId);
    return breachOf(settings.daily, day, cost, 'day') ?? breachOf(settings.monthly, month, cost, 'month') ?? batch;
  }

  needsConfirmation(environmentId: string, cost: readonly Money[]): boolean {
    const threshold = this.settingsOf(environmentId).confirmAbove;
    return cost.some((item) => threshold[item.currency] !== undefined && item.value > (threshold[item.currency] ?? Infinity));
  }

  /** Spend per local day (the last `days`) and per month (the last `months`), newest first. */
  history(environmentId: string, days = 31, months = 12): SpendingHistory {
    const now = new Date(this.#now());
    const since = new Date(now.getFullYear(), now.getMonth() - (months - 1), 1).getTime();
    const firstDay = periodStarts(this.#now()).day - (days - 1) * 86_400_000;
    const byDay = new Map<string, MoneyTally>();
    const byMonth = new Map<string, MoneyTally>();
    for (const entry of this.#ledger.costsSince(environmentId, Math.min(since, firstDay))) {
      const date = new Date(entry.at);
      const monthKey = `${String(date.getFullYear())}-${String(date.getMonth() + 1).padStart(2, '0')}`;
      const dayKey = `${monthKey}-${String(date.getDate()).padStart(2, '0')}`;
      if (entry.at >= since) (byMonth.get(monthKey) ?? byMonth.set(monthKey, new MoneyTally()).get(monthKey))?.add(entry.cost);
      if (entry.at >= firstDay) (byDay.get(dayKey) ?? byDay.set(dayKey, new MoneyTally()).get(dayKey))?.add(entry.cost);
    }
    const newestFirst = <T extends string>(keys: Iterable<T>): T[] => [...keys].sort().reverse();
    return {
      days: newestFirst(byDay.keys()).map((day) => ({ day, spent: byDay.get(day)?.list() ?? [] })),
      months: newestFirst(byMonth.keys()).map((month) => ({ month, spent: byMonth.get(month)?.list() ?? [] })),
    };
  }
}
