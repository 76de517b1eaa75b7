/**
 * One formatter for every count the UI shows (1,234). `toLocaleString('en-GB')` builds a new
 * formatter at each call, and the purchase panel's header is re-rendered with each live purchase
 * (docs/decisions/renderer/011-renderer-live-updates.md#the-purchase-list).
 */
const counts = new Intl.NumberFormat('en-GB');

/** A whole number with thousands separators, as the UI shows counts. */
export function formatNumber(count: number): string {
  return counts.format(count);
}
