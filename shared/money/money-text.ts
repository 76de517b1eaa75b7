import type { Money } from '../purchase/purchase.ts';

/**
 * Money as people write it, for messages made outside the renderer (a budget refusal reaches the
 * app, the CLI and scripts alike): "£0.30", "€2.50"; a code Intl does not know as "2.50 XYZ".
 * Whole pence always show ("£8.00", never "8"); up to four decimals where a price has them.
 */
export function moneyText(money: Money): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: money.currency, minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(money.value);
  } catch {
    return `${money.value.toFixed(2)} ${money.currency}`;
  }
}
