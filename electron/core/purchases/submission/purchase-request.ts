import { catalogPath, type CatalogResource } from '../../../../shared/catalog/catalog-resource.ts';
import { formatPreferences } from '../../../../shared/http/prefer.ts';
import { minWaitSecondsSchema, type PurchaseOptions, type PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import type { ApiRequest } from '../../http/exchange-types.ts';
import { serviceUrl } from '../../api/urls.ts';

/**
 * The preferences of a purchase POST (RFC 7240). respond-async is always sent: without it the
 * service answers 400. Throws RangeError for a min-wait that is not a whole number of seconds.
 */
export function purchasePreferences(options: PurchaseOptions): { name: string; value?: number }[] {
  const preferences: { name: string; value?: number }[] = [{ name: 'respond-async' }];
  if (options.fireAndForget === true) preferences.push({ name: 'wait', value: 0 });
  if (options.minWaitSeconds !== undefined) {
    // Callers have parsed their input already; this keeps a bad value from ever reaching the wire.
    const seconds = minWaitSecondsSchema.safeParse(options.minWaitSeconds);
    if (!seconds.success) throw new RangeError(`service.min-wait ${seconds.error.issues[0]?.message ?? 'is not valid'}.`);
    preferences.push({ name: 'service.min-wait', value: seconds.data });
  }
  return preferences;
}

/**
 * How a record names what it was bought from: a title by its number (as every record before
 * address catalogs did), any other resource by `resource`, without a title number.
 */
export function resourceFields(resource: CatalogResource): Pick<PurchaseRecord, 'titleNumber' | 'resource'> {
  return resource.kind === 'title' ? { titleNumber: resource.key } : { resource: { kind: resource.kind, key: resource.key } };
}

/**
 * The purchase POST as the interface defines it, to the catalog of the resource bought from:
 * JSON-LD body with the context document of this service, the variable IRIs verbatim
 * (JSON.stringify keeps spaces and non-ASCII as they are).
 */
export function buildPurchaseRequest(baseUrl: URL, resource: CatalogResource, variables: readonly string[], options: PurchaseOptions): Omit<ApiRequest, 'signal' | 'timeoutMs'> & { url: URL } {
  const url = serviceUrl(baseUrl, catalogPath(resource));
  const body = JSON.stringify({
    '@context': serviceUrl(baseUrl, '/.hydra/context.jsonld').href,
    '@type': 'PurchaseVariableAction',
    variables,
  });
  const prefer = formatPreferences(purchasePreferences(options));
  return { method: 'POST', url, headers: { 'content-type': 'application/ld+json', accept: 'application/ld+json', prefer }, body };
}
