import { z } from 'zod';
import { parseAddressKey } from '../property/address-key.ts';
import type { PurchaseRecord } from '../purchase/purchase.ts';
import { normalizeTitleNumber } from '../property/title-number.ts';

/**
 * The three kinds of catalog the service sells from, each named by its resource's key: a title
 * (its number), a postal address (its property address key, `8e05p·0`) and an Ordnance Survey
 * spatial address (its UPRN). Purchases from each go the same way: POST, 303, 202, 200.
 */
export const catalogResourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('title'), key: z.string().min(1).max(32) }),
  z.object({ kind: z.literal('address'), key: z.string().min(1).max(64).refine((key) => parseAddressKey(key) !== undefined, 'a property address key is base36 · base36, such as 8e05p·0') }),
  z.object({ kind: z.literal('spatial'), key: z.string().regex(/^[1-9]\d{0,11}$/, 'a UPRN is a number of up to 12 digits') }),
]);
export type CatalogResource = z.infer<typeof catalogResourceSchema>;
export type CatalogResourceKind = CatalogResource['kind'];

/** The catalog's path below the service's base URL; the key is percent-encoded (the address key's dot is %C2%B7). */
export function catalogPath(resource: CatalogResource): string {
  const key = encodeURIComponent(resource.key);
  switch (resource.kind) {
    case 'title':
      return `/world/GB-eaw/titles/${key}/catalog`;
    case 'address':
      return `/world/GB/addresses/${key}/catalog`;
    case 'spatial':
      return `/world/GB/spatial/addresses/${key}/catalog`;
  }
}

/** The resource a purchase was bought from; undefined for one that joined the history by check without its title. */
export function resourceOfPurchase(record: Pick<PurchaseRecord, 'resource' | 'titleNumber'>): CatalogResource | undefined {
  if (record.resource !== undefined) return record.resource;
  return record.titleNumber === undefined ? undefined : { kind: 'title', key: normalizeTitleNumber(record.titleNumber) };
}

/** One key per resource, for maps and reuse: `title:WYK1`, `address:8e05p·0`, `spatial:100023336956`. */
export function resourceId(resource: CatalogResource): string {
  return `${resource.kind}:${resource.key}`;
}

/** How a person reads it: "title WYK1", "address 8e05p·0", "UPRN 100023336956". */
export function describeResource(resource: CatalogResource): string {
  switch (resource.kind) {
    case 'title':
      return `title ${resource.key}`;
    case 'address':
      return `address ${resource.key}`;
    case 'spatial':
      return `UPRN ${resource.key}`;
  }
}
