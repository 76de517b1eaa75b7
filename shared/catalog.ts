import { z } from 'zod';

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
});
export type TitleCatalog = z.infer<typeof titleCatalogSchema>;

export const catalogRequestSchema = z.object({ titleNumber: z.string().trim().min(1).max(20) });
export type CatalogRequest = z.infer<typeof catalogRequestSchema>;
