import { minWaitSecondsSchema, type PurchaseOptions } from '../../../../shared/purchase.ts';

/**
 * The Prefer header of a purchase POST (RFC 7240). respond-async is always sent: without it the
 * service answers 400. Preferences are combined in one header, comma separated.
 */
export function formatPrefer(options: PurchaseOptions): string {
  const preferences = ['respond-async'];
  if (options.fireAndForget === true) preferences.push('wait=0');
  if (options.minWaitSeconds !== undefined) {
    // Callers have parsed their input already; this keeps a bad value from ever reaching the wire.
    const seconds = minWaitSecondsSchema.safeParse(options.minWaitSeconds);
    if (!seconds.success) throw new RangeError(`service.min-wait ${seconds.error.issues[0]?.message ?? 'is not valid'}.`);
    preferences.push(`service.min-wait=${String(seconds.data)}`);
  }
  return preferences.join(', ');
}
