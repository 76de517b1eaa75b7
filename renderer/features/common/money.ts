import type { Money } from '../../../shared/purchase/purchase.ts';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat | undefined {
  let formatter = formatters.get(currency);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 4 });
    } catch {
      // A currency code Intl does not know is still shown, with the code after the amount.
      return undefined;
    }
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** £3.45; an unknown currency as "3.45 XYZ". */
export function formatMoney(money: Money): string {
  const formatter = formatterFor(money.currency);
  return formatter === undefined ? `${money.value.toFixed(2)} ${money.currency}` : formatter.format(money.value);
}

/**
 * Totals per currency, in order of first appearance. Sums are taken in ten-thousandths so
 * that 0.05 + 0.01 + … never shows a binary rounding tail.
 */
export function sumMoney(prices: readonly Money[]): Money[] {
  const totals = new Map<string, number>();
  for (const price of prices) totals.set(price.currency, (totals.get(price.currency) ?? 0) + Math.round(price.value * 10_000));
  return [...totals].map(([currency, units]) => ({ currency, value: units / 10_000 }));
}

/** "£3.45", or "£3.45 + 2.00 EUR" when a basket mixes currencies; "£0.00" for nothing. */
export function formatTotals(totals: readonly Money[]): string {
  if (totals.length === 0) return formatMoney({ value: 0, currency: 'GBP' });
  return totals.map(formatMoney).join(' + ');
}
