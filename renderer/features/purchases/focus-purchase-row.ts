/**
 * Moves keyboard focus to a purchase's row in the panel once it is there. The row appears when
 * the pushed update or the cache reaches the panel, a frame or a few after the purchase was
 * accepted; without this, focus would fall to the page body when the Buy dialog closes.
 */
export function focusPurchaseRow(id: string, framesLeft = 60): void {
  const row = document.querySelector<HTMLElement>(`[data-purchase-id="${CSS.escape(id)}"] .purchase-summary`);
  if (row !== null) {
    row.focus();
    row.scrollIntoView({ block: 'nearest' });
    return;
  }
  if (framesLeft > 0) requestAnimationFrame(() => { focusPurchaseRow(id, framesLeft - 1); });
}
