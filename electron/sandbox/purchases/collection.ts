import { valueOf } from '../catalog/values.ts';
import type { Variable } from '../catalog/catalog.ts';
import type { ServiceState } from '../service-state.ts';
import type { SandboxTitle } from '../world/types.ts';
import type { PurchaseRecord } from './purchase-store.ts';

function price(variable: Variable): { value: number; currency: string } {
  return { value: variable.price, currency: 'GBP' };
}

/** The purchase result exactly as the seed's Resources tables describe it. */
export function purchaseCollection(record: PurchaseRecord, title: SandboxTitle, state: ServiceState): unknown {
  const address = state.titles.primaryAddress(title.titleNumber);
  const subject = address === undefined ? { seed: state.seed, title } : { seed: state.seed, title, address };
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
 * A title's catalog: what can be bought on it and at what price, in the shape the sandbox is set
 * to serve: the purchasing guide's `member[]`, or the reference pages' `variables[]` with the
 * older identifiers.
 */
export function catalogListing(title: SandboxTitle, state: ServiceState, id: string): unknown {
  const offered = state.catalog.forTenure(title.tenure);
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
