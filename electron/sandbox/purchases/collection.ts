import { valueOf } from '../catalog/values.ts';
import type { Variable } from '../catalog/catalog.ts';
import type { ServiceState } from '../service-state.ts';
import type { PurchaseRecord } from './purchase-store.ts';
import type { Seller } from './seller.ts';

function price(variable: Variable): { value: number; currency: string } {
  return { value: variable.price, currency: 'GBP' };
}

/** The purchase result exactly as the seed's Resources tables describe it. */
export function purchaseCollection(record: PurchaseRecord, seller: Seller, state: ServiceState): unknown {
  const { subject } = seller;
  const member = record.requested.map(({ sent, variable }) => ({
    '@type': variable.ontologyType,
    price: price(variable),
    variable: { '@type': 'Variable', '@id': sent },
    value: valueOf(variable, subject),
  }));
  return {
    '@context': state.contextUrl,
    '@type': 'hydra:Collection',
    manages: { property: 'rdf:type', object: 'Datum' },
    member,
    totalItems: member.length,
  };
}

/**
 * A catalog (a title's, an address's, a UPRN's): what can be bought on it and at what price, in
 * the shape the sandbox is set to serve: the purchasing guide's `member[]`, or the reference
 * pages' `variables[]` with the older identifiers.
 */
export function catalogListing(seller: Seller, state: ServiceState, id: string): unknown {
  const offered = seller.offered;
  if (state.behaviour.catalogShape === 'variables') {
    const variables = offered.map((variable) => ({ variableId: variable.olderIri, price: price(variable), '@type': variable.olderType }));
    return { '@context': state.contextUrl, '@id': id, '@type': 'Catalog', variables };
  }
  const member = offered.map((variable) => ({
    '@type': variable.ontologyType,
    price: price(variable),
    variable: { '@id': variable.iri, '@type': 'Variable' },
  }));
  return { '@context': state.contextUrl, '@id': id, '@type': 'Catalog', member, totalItems: member.length };
}
