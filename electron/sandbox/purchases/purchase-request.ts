import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { jsonLd, mediaType, problemReply, singleHeader, type Reply } from '../http/reply.ts';
import type { ServiceState } from '../service-state.ts';
import type { Seller } from './seller.ts';
import type { RequestedVariable } from './purchase-store.ts';

const purchaseEntitySchema = z.looseObject({
  '@context': z.string({ error: '@context must be the context URL (a string).' }),
  '@type': z.literal('PurchaseVariableAction', { error: '@type must be PurchaseVariableAction.' }),
  variables: z
    .array(z.string({ error: 'Every variable must be a string (a variable IRI).' }), { error: 'variables must be an array of variable IRIs.' })
    .min(1, { error: 'variables must not be empty.' }),
});

function unprocessable(detail: string): Reply {
  return problemReply(422, 'Unprocessable Entity', detail);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The variables of a purchase request, or the 422 explaining what is wrong with the entity.
 * Each IRI must be in this catalog (a title's, an address's, a UPRN's), once.
 */
export function parsePurchaseEntity(request: IncomingMessage, body: Buffer, seller: Seller, state: ServiceState): RequestedVariable[] | Reply {
  if (mediaType(singleHeader(request, 'content-type')) !== jsonLd) return unprocessable(`The entity must be ${jsonLd}.`);
  const json = parseJson(body.toString('utf8'));
  if (!json.ok) return unprocessable('The entity is not valid JSON.');
  const parsed = purchaseEntitySchema.safeParse(json.value);
  if (!parsed.success) return unprocessable(parsed.error.issues.map((issue) => issue.message).join(' '));
  const entity = parsed.data;
  if (entity['@context'] !== state.contextUrl) return unprocessable(`@context must be ${state.contextUrl}.`);
  const offered = new Set(seller.offered.map((variable) => variable.iri));
  const seen = new Set<string>();
  const requested: RequestedVariable[] = [];
  for (const sent of entity.variables) {
    const variable = state.catalog.lookup(sent);
    if (variable === undefined || !offered.has(variable.iri)) {
      return unprocessable(`${seller.name} offers no variable ${JSON.stringify(sent)}.`);
    }
    if (seen.has(variable.iri)) return unprocessable(`Variable ${JSON.stringify(sent)} is requested more than once.`);
    seen.add(variable.iri);
    requested.push({ sent, variable });
  }
  return requested;
}
