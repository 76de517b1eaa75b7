import { describeResource, resourceOfPurchase, type CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import type { PurchaseSummary } from '../../../shared/purchase/purchase.ts';

/**
 * A resource named on its own, as headings and tabs say it: "Title WYK1", "Address 8e05p·0", "UPRN
 * 100023336956". The words of describeResource, starting as a heading does.
 */
export function resourceName(resource: CatalogResource): string {
  const words = describeResource(resource);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** What the address card's button and a catalog's heading call each kind's catalog, in plain words. */
export function catalogHeading(resource: CatalogResource): string {
  switch (resource.kind) {
    case 'title':
      return `Title ${resource.key}`;
    case 'address':
      return 'Data about this address';
    case 'spatial':
      return `Data about this location (UPRN ${resource.key})`;
  }
}

/**
 * What a purchase was bought from, in a list's few words: a title's number alone (as lists have
 * always said it), any other resource by name; undefined when the service never named it.
 */
export function boughtFrom(record: Pick<PurchaseSummary, 'resource' | 'titleNumber'>): string | undefined {
  const resource = resourceOfPurchase(record);
  if (resource === undefined) return undefined;
  return resource.kind === 'title' ? resource.key : resourceName(resource);
}

/** The catalog:get or purchase:create fields naming a resource: a title by its number (as before), others by `resource`. */
export function resourceRequest(resource: CatalogResource): { titleNumber: string } | { resource: CatalogResource } {
  return resource.kind === 'title' ? { titleNumber: resource.key } : { resource };
}
