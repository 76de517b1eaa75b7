/**
 * Requests to open a purchase in the window (a titledesk:// link from a second instance, a clicked
 * notification), held until the page listens for them: sent while it loads, an app:open-purchase
 * event would reach no listener and the link would be lost. The preload says when the page
 * subscribes (pageListeningChannel); a navigation or reload means waiting for the new page. Pure.
 */
export interface OpenPurchaseQueue {
  open(reference: string): void;
  /** The page subscribed to app:open-purchase: what waited is sent, in order. */
  listening(): void;
  /** A new page is loading: hold requests until it listens. */
  reset(): void;
}

/** A page that never says it listens must not make the queue grow without end. */
const maxWaiting = 20;

export function createOpenPurchaseQueue(send: (reference: string) => void): OpenPurchaseQueue {
  let listening = false;
  const waiting: string[] = [];
  return {
    open(reference) {
      if (listening) {
        send(reference);
        return;
      }
      waiting.push(reference);
      if (waiting.length > maxWaiting) waiting.shift();
    },
    listening() {
      listening = true;
      for (const reference of waiting.splice(0)) send(reference);
    },
    reset() {
      listening = false;
    },
  };
}
