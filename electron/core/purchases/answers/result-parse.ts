import { z } from 'zod';
import { parseVariableIri, variableName } from '../../../../shared/catalog/iri.ts';
import type { Money, ResultItem } from '../../../../shared/purchase/purchase.ts';

/**
 * The purchase result exactly as the seed's Resources tables describe it: a hydra:Collection of
 * Datum. Extra properties are tolerated (JSON-LD documents grow); missing or mistyped ones are not.
 */
const datumSchema = z.object({
  '@type': z.string().min(1),
  price: z.object({ value: z.number().nonnegative(), currency: z.string().regex(/^[A-Z]{3}$/) }),
  variable: z.object({ '@type': z.literal('Variable'), '@id': z.string().min(1) }),
  value: z.string(),
});

export const purchaseResultSchema = z
  .object({
    '@context': z.string().min(1),
    '@type': z.literal('hydra:Collection'),
    manages: z.object({ property: z.literal('rdf:type'), object: z.literal('Datum') }),
    member: z.array(datumSchema),
    totalItems: z.number().int().nonnegative(),
  })
  .refine((collection) => collection.totalItems === collection.member.length, {
    message: 'totalItems does not match the number of members.',
    path: ['totalItems'],
  });

export interface ParsedResult {
  readonly items: ResultItem[];
  readonly totals: Money[];
}

export type ResultParse = { ok: true; result: ParsedResult } | { ok: false; message: string };

function toItem(datum: z.infer<typeof datumSchema>): ResultItem {
  const variable = datum.variable['@id'];
  // An IRI of an unexpected shape is still a purchased, paid-for item: keep it whole as the name.
  const parts = parseVariableIri(variable);
  return {
    variable,
    provider: parts?.provider ?? '',
    source: parts?.source ?? '',
    schemePath: parts === undefined ? [] : [...parts.schemePath],
    name: variableName(variable),
    ontologyType: datum['@type'],
    value: datum.value,
    price: { value: datum.price.value, currency: datum.price.currency },
  };
}

// Prices are summed in millionths so that 0.1 + 0.2 totals 0.3, not 0.30000000000000004.
const priceScale = 1_000_000;

/** One total per currency, in the order each currency first appears. */
export function totalsByCurrency(items: readonly ResultItem[]): Money[] {
  const sums = new Map<string, number>();
  for (const item of items) {
    const scaled = Math.round(item.price.value * priceScale);
    sums.set(item.price.currency, (sums.get(item.price.currency) ?? 0) + scaled);
  }
  return [...sums].map(([currency, scaled]) => ({ currency, value: scaled / priceScale }));
}

function describeIssues(error: z.ZodError): string {
  const first = error.issues[0];
  if (first === undefined) return 'The purchase result does not match the interface.';
  const where = first.path.length === 0 ? 'the document' : first.path.map(String).join('.');
  return `The purchase result does not match the interface (${where}: ${first.message})`;
}

/** Parses a 200 body; a body that is not the documented collection is a protocol error, not data. */
export function parsePurchaseResult(body: string): ResultParse {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, message: 'The purchase result is not valid JSON.' };
  }
  const parsed = purchaseResultSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: describeIssues(parsed.error) };
  const items = parsed.data.member.map(toItem);
  return { ok: true, result: { items, totals: totalsByCurrency(items) } };
}
