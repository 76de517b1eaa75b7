/**
 * titledesk://purchase/<purchase-id-or-result-url> links, which support staff click in tickets.
 * The reference is one percent-encoded path segment. The desktop app parses them strictly
 * (electron/main/shell/deep-link.ts); here is only what the renderer needs to make one.
 */
export const deepLinkScheme = 'titledesk';
export const purchaseLinkPrefix = `${deepLinkScheme}://purchase/`;

/** The link for a purchase ID or result URL (what "Copy link" puts on the clipboard). */
export function purchaseLink(reference: string): string {
  return `${purchaseLinkPrefix}${encodeURIComponent(reference)}`;
}
