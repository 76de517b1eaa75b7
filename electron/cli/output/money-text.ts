import type { Money } from '../../../shared/purchase/purchase.ts';

/**
 * Money as every CLI line writes it: "£1.00", "£0.045", "1.50 EUR". Pence always shown, and up to
 * four decimals so a sub-penny price is never rounded away.
 */
export function moneyText(money: Money): string {
  const digits = Math.min(4, Math.max(2, (String(money.value).split('.')[1] ?? '').length));
  const amount = money.value.toFixed(digits);
  return money.currency === 'GBP' ? `£${amount}` : `${amount} ${money.currency}`;
}

/** Several currencies joined with " + "; nothing is "£0.00" (the service prices in pounds). */
export function moneyListText(list: readonly Money[], currencyWhenNone = 'GBP'): string {
  if (list.length === 0) return moneyText({ value: 0, currency: currencyWhenNone });
  return list.map(moneyText).join(' + ');
}
