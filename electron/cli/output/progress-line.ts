import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import type { PurchaseService } from '../../core/purchases/purchase-service.ts';

/** The states a purchase passes through while it is followed; any other is its end. */
const followedStates: ReadonlySet<PurchaseRecord['state']> = new Set(['submitting', 'pending', 'waiting_for_sign_in']);

/**
 * Shows a purchase's progress on stderr: on a terminal one live line with the state and a
 * countdown to the next check the server advised; elsewhere one line per change. It only
 * displays; the poller alone decides when requests are sent.
 */
export function showProgress(purchases: PurchaseService, id: string): () => void {
  const live = process.stderr.isTTY;
  let latest = purchases.get(id);
  let lastLine = '';
  const describe = (record: PurchaseRecord | undefined): string => {
    if (record === undefined) return '';
    const wait = record.state === 'pending' && record.nextCheckAt !== undefined ? Math.max(0, record.nextCheckAt - Date.now()) : undefined;
    const note = record.error?.code === 'rate_limited' ? ` · ${rateLimitWords(record.error.message)}` : '';
    return wait === undefined ? record.state : `${record.state} · next check in ${(wait / 1000).toFixed(1)} s${note}`;
  };
  const draw = (): void => {
    // A settled purchase is the result's to say (on stdout): a last "available" here would only repeat it.
    if (latest !== undefined && !followedStates.has(latest.state)) return;
    const line = describe(latest);
    if (line === lastLine) return;
    lastLine = line;
    process.stderr.write(live ? `\r\u001b[2K${line}` : `${line}\n`);
  };
  const unsubscribe = purchases.onUpdate((record) => {
    if (record.id !== id) return;
    latest = record;
    draw();
  });
  draw();
  const ticker = live ? setInterval(draw, 100) : undefined;
  return () => {
    unsubscribe();
    if (ticker !== undefined) clearInterval(ticker);
    // The live line goes: what stays on the screen is the result, not the last countdown.
    if (live && lastLine !== '') process.stderr.write('\r\u001b[2K');
  };
}

/** "waiting: the service asked to slow down (until 14:02:10)", the first sentence of a rate-limit wait. */
function rateLimitWords(message: string): string {
  const first = /^Waiting: [^.]*\)/.exec(message)?.[0] ?? message;
  return first.charAt(0).toLowerCase() + first.slice(1);
}

/**
 * While a purchase is being sent: one line on stderr each time the service asks to slow down
 * (the POST is sent again by itself, as the same purchase, once the wait is over).
 */
export function sayRateLimitWaits(purchases: PurchaseService, id: string, command: string): () => void {
  let said: number | undefined;
  return purchases.onUpdate((record) => {
    if (record.id !== id || record.resultUrl !== undefined || record.error?.code !== 'rate_limited' || record.nextCheckAt === said) return;
    said = record.nextCheckAt;
    process.stderr.write(`titledesk ${command}: ${rateLimitWords(record.error.message)}; it is sent again then, as the same purchase.\n`);
  });
}

/** Waits for a purchase the poller is following to settle, showing its progress meanwhile. */
export async function followUntilSettled(purchases: PurchaseService, id: string): Promise<PurchaseRecord> {
  const stopProgress = showProgress(purchases, id);
  try {
    return await purchases.waitForSettled(id);
  } finally {
    stopProgress();
  }
}
