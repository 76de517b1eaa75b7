import type { Money } from '../../../shared/purchase/purchase.ts';

/** Per-currency sums kept as a Map while adding, listed in order of first appearance. */
export class MoneyTally {
  readonly #sums = new Map<string, number>();

  add(money: Money | readonly Money[]): this {
    for (const item of Array.isArray(money) ? (money as readonly Money[]) : [money as Money]) {
      this.#sums.set(item.currency, (this.#sums.get(item.currency) ?? 0) + item.value);
    }
    return this;
  }

  get(currency: string): number {
    return this.#sums.get(currency) ?? 0;
  }

  /** Rounded to 1/10,000 of a unit so float noise never shows up in a budget check or an export. */
  list(): Money[] {
    return [...this.#sums].map(([currency, value]) => ({ currency, value: roundMoney(value) }));
  }
}

export function roundMoney(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function sumMoney(...lists: readonly (readonly Money[])[]): Money[] {
  const tally = new MoneyTally();
  for (const list of lists) tally.add(list);
  return tally.list();
}
