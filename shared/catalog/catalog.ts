import { z } from 'zod';
import { catalogResourceSchema } from './catalog-resource.ts';

export const priceSchema = z.object({ value: z.number().nonnegative(), currency: z.string().min(1).max(10) });
export type Price = z.infer<typeof priceSchema>;

/** A purchasable variable of a title, its IRI kept verbatim for the purchase request. */
export const catalogVariableSchema = z.object({
  iri: z.string(),
  provider: z.string(),
  source: z.string(),
  schemePath: z.array(z.string()),
  name: z.string(),
  ontologyType: z.string(),
  price: priceSchema,
});
export type CatalogVariable = z.infer<typeof catalogVariableSchema>;

/** Variables sharing one scheme path (e.g. Dwelling / Rooms / Bathrooms). */
export const catalogSchemeGroupSchema = z.object({
  schemePath: z.array(z.string()),
  variables: z.array(catalogVariableSchema),
});
export type CatalogSchemeGroup = z.infer<typeof catalogSchemeGroupSchema>;

/** Variables of one provider and source (e.g. WhenFresh / Property Insurance). */
export const catalogSourceGroupSchema = z.object({
  provider: z.string(),
  source: z.string(),
  schemes: z.array(catalogSchemeGroupSchema),
});
export type CatalogSourceGroup = z.infer<typeof catalogSourceGroupSchema>;

export const titleCatalogSchema = z.object({
  titleNumber: z.string(),
  groups: z.array(catalogSourceGroupSchema),
  variableCount: z.number().int().nonnegative(),
  /** Entries of the service's catalog that could not be read (no identifier or price): left out, and said. */
  unreadable: z.number().int().positive().optional(),
});
export type TitleCatalog = z.infer<typeof titleCatalogSchema>;

/**
 * The catalog of any resource the service sells from (a title, a postal address, a UPRN): the
 * same entries as a title's, named by its resource rather than a title number.
 */
export const resourceCatalogSchema = titleCatalogSchema.omit({ titleNumber: true }).extend({ resource: catalogResourceSchema });
export type ResourceCatalog = z.infer<typeof resourceCatalogSchema>;

/** "2 catalog entries could not be read", or undefined when every entry was read. */
export function unreadableNote(catalog: Pick<TitleCatalog, 'unreadable'>): string | undefined {
  const count = catalog.unreadable ?? 0;
  if (count === 0) return undefined;
  return `${String(count)} catalog ${count === 1 ? 'entry' : 'entries'} could not be read and ${count === 1 ? 'is' : 'are'} not offered here.`;
}

export const catalogRequestSchema = z.object({ titleNumber: z.string().trim().min(1).max(20) });
export type CatalogRequest = z.infer<typeof catalogRequestSchema>;
