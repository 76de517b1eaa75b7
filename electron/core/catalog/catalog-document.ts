import { z } from 'zod';
import type { CatalogVariable } from '../../../shared/catalog/catalog.ts';
import { priceSchema } from '../../../shared/catalog/catalog.ts';
import { parseVariableIri } from '../../../shared/catalog/iri.ts';

/**
 * A catalog in either documented shape:
 * - the purchasing guide's `member[]`, each `{ "@type": <ontology IRI>, price, variable: { "@id" } }`;
 * - the Catalog and Variable reference pages' `variables[]`, each `{ variableId, price, "@type" }`,
 *   often with older `{base}/variable/…/provenance/…` identifiers.
 * The document must say it is a Catalog and hold one of the two lists; each item is read on its
 * own, so one the client cannot read (no identifier, no price) is skipped and counted instead of
 * failing the whole catalog. Fields nobody documents are ignored.
 */
const catalogDocumentSchema = z.looseObject({
  '@type': z.literal('Catalog'),
  member: z.array(z.unknown()).optional(),
  variables: z.array(z.unknown()).optional(),
});

const guideItemSchema = z.looseObject({
  '@type': z.string().max(2048).optional().catch(undefined),
  price: priceSchema,
  variable: z.looseObject({ '@id': z.string() }),
});

const referenceItemSchema = z.looseObject({
  '@type': z.string().max(2048).optional().catch(undefined),
  price: priceSchema,
  variableId: z.string(),
});

export interface CatalogDocument {
  readonly variables: CatalogVariable[];
  /** Items of the catalog that could not be read: without an identifier or a price, or of another shape. */
  readonly unreadable: number;
}

interface ItemFields {
  readonly id: string;
  readonly type: string | undefined;
  readonly price: { value: number; currency: string };
}

function readGuideItem(item: unknown): ItemFields | undefined {
  const parsed = guideItemSchema.safeParse(item);
  return parsed.success ? { id: parsed.data.variable['@id'], type: parsed.data['@type'], price: parsed.data.price } : undefined;
}

function readReferenceItem(item: unknown): ItemFields | undefined {
  const parsed = referenceItemSchema.safeParse(item);
  return parsed.success ? { id: parsed.data.variableId, type: parsed.data['@type'], price: parsed.data.price } : undefined;
}

/** One item as a variable, its identifier exactly as the catalog gave it; undefined when it cannot be read. */
function readItem(item: unknown): CatalogVariable | undefined {
  const read = readGuideItem(item) ?? readReferenceItem(item);
  if (read === undefined) return undefined;
  const iri = parseVariableIri(read.id);
  if (iri === undefined) return undefined;
  return {
    iri: iri.iri,
    provider: iri.provider,
    source: iri.source,
    schemePath: [...iri.schemePath],
    name: iri.name,
    ontologyType: read.type ?? '',
    price: { value: read.price.value, currency: read.price.currency },
  };
}

/** The variables of a catalog document, or undefined when the document is no Catalog at all. */
export function readCatalogDocument(json: unknown): CatalogDocument | undefined {
  const parsed = catalogDocumentSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { member, variables: listed } = parsed.data;
  if (member === undefined && listed === undefined) return undefined;
  const items = [...(member ?? []), ...(listed ?? [])];
  const variables: CatalogVariable[] = [];
  const seen = new Set<string>();
  let unreadable = 0;
  for (const item of items) {
    const variable = readItem(item);
    if (variable === undefined) unreadable += 1;
    else if (!seen.has(variable.iri)) {
      // The same identifier twice is one variable: it can be bought only once a purchase.
      seen.add(variable.iri);
      variables.push(variable);
    }
  }
  return { variables, unreadable };
}
