import type { PurchaseOptions } from '../../../shared/purchase.ts';

/**
 * The Prefer header of a purchase POST (RFC 7240). respond-async is always sent: without it the
 * service answers 400. Preferences are combined in one header, comma separated.
 */
export function formatPrefer(options: PurchaseOptions): string {
  const preferences = ['respond-async'];
  if (options.fireAndForget === true) preferences.push('wait=0');
  if (options.minWaitSeconds !== undefined) {
    if (!Number.isSafeInteger(options.minWaitSeconds) || options.minWaitSeconds < 0) {
      throw new RangeError('service.min-wait must be a whole number of seconds.');
    }
    preferences.push(`service.min-wait=${options.minWaitSeconds}`);
  }
  return preferences.join(', ');
}
