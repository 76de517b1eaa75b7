import type { Tenure } from '../world/types.ts';
import { marketDatasets } from './datasets-market.ts';
import { placeDatasets } from './datasets-place.ts';
import { publicDatasets } from './datasets-public.ts';
import { whenFreshDatasets } from './datasets-whenfresh.ts';
import type { Dataset, VariableRow } from './value-kinds.ts';

export const datasets: readonly Dataset[] = [...whenFreshDatasets, ...marketDatasets, ...publicDatasets, ...placeDatasets];

/** The catalogs the service sells from: a title's, a postal address's, a spatial address's (UPRN). */
export type CatalogKind = 'title' | 'address' | 'spatial';

/**
 * Which catalogs sell each dataset (by `provider/source`); any other is sold by titles only. An
 * address sells what is about the dwelling at it (rooms, energy, insurance perils, council tax);
 * a UPRN what is about the place on the map (building, plot, ground, flood zone). The same
 * variable bought from two catalogs is two purchases: each is about its own resource.
 */
const soldBy: ReadonlyMap<string, readonly CatalogKind[]> = new Map([
  ['WhenFresh/Address', ['title', 'address', 'spatial']],
  ['WhenFresh/Property Insurance', ['title', 'address']],
  ['EPC/Domestic Certificates', ['title', 'address']],
  ['Ordnance Survey/AddressBase Premium', ['title', 'spatial']],
  ['CLS/Property Search', ['title', 'spatial']],
  ['Royal Mail/Postcode Address File', ['address']],
  ['Ordnance Survey/Topography', ['spatial']],
]);

function sells(dataset: Dataset, kind: CatalogKind): boolean {
  return (soldBy.get(`${dataset.provider}/${dataset.source}`) ?? ['title']).includes(kind);
}

export interface Variable {
  /** `{base}/vars/{provider}/{source}#{scheme}/{taxonomy}/{classification}/{name}`, spaces and all. */
  readonly iri: string;
  /** The IRI without the base URL: stable across ports, so it keys the deterministic values. */
  readonly key: string;
  /**
   * The same variable's identifier in the older form of the service's Catalog and Variable
   * reference pages: `{base}/variable/{provider}/{source}/{scheme}/…/{name}/provenance/{provider}/{source}`.
   */
  readonly olderIri: string;
  /** Its type in that form: the identifier without the provenance. */
  readonly olderType: string;
  /** `{base}/ontologies/{scheme}/{taxonomy}#{classification}/{name}`. */
  readonly ontologyType: string;
  readonly price: number;
  readonly dataset: Dataset;
  readonly row: VariableRow;
}

/** Variable IRIs are compared after percent-decoding, so `Property%20Insurance` finds `Property Insurance`. */
function decodeIri(iri: string): string {
  try {
    return decodeURI(iri);
  } catch {
    return iri;
  }
}

/** Every variable the sandbox sells, with IRIs under one base URL. */
export class VariableCatalog {
  readonly #variables: readonly Variable[];
  readonly #byIri = new Map<string, Variable>();
  readonly #byKey = new Map<string, Variable>();

  constructor(baseUrl: string) {
    this.#variables = datasets.flatMap((dataset) =>
      dataset.rows.map((row) => {
        const key = `${dataset.provider}/${dataset.source}#${row.scheme}/${row.taxonomy}/${row.classification}/${row.name}`;
        const olderType = `${baseUrl}/variable/${dataset.provider}/${dataset.source}/${row.scheme}/${row.taxonomy}/${row.classification}/${row.name}`;
        return {
          iri: `${baseUrl}/vars/${key}`,
          key,
          olderIri: `${olderType}/provenance/${dataset.provider}/${dataset.source}`,
          olderType,
          ontologyType: `${baseUrl}/ontologies/${row.scheme}/${row.taxonomy}#${row.classification}/${row.name}`,
          price: row.price,
          dataset,
          row,
        };
      }),
    );
    for (const variable of this.#variables) {
      // Either form of identifier buys the variable, as a catalog of either shape offers it.
      this.#byIri.set(variable.iri, variable);
      this.#byIri.set(variable.olderIri, variable);
      this.#byKey.set(variable.key, variable);
    }
  }

  all(): readonly Variable[] {
    return this.#variables;
  }

  /** What some title sells, whatever its tenure: every variable but those of address or UPRN catalogs only. */
  forTitles(): Variable[] {
    return this.#variables.filter((variable) => sells(variable.dataset, 'title'));
  }

  /** What a title of this tenure offers: datasets limited to one tenure are left out elsewhere. */
  forTenure(tenure: Tenure): Variable[] {
    return this.#variables.filter((variable) => sells(variable.dataset, 'title') && (variable.dataset.tenure === undefined || variable.dataset.tenure === tenure));
  }

  /** What a postal address's or a spatial address's catalog offers. */
  forResource(kind: 'address' | 'spatial'): Variable[] {
    return this.#variables.filter((variable) => sells(variable.dataset, kind));
  }

  /** By the part of the IRI after /vars/, which stays the same whatever port the sandbox has. */
  byKey(key: string): Variable | undefined {
    return this.#byKey.get(key);
  }

  lookup(iri: string): Variable | undefined {
    return this.#byIri.get(iri) ?? this.#byIri.get(decodeIri(iri));
  }

  /** The identity used to spot the same variable sent twice in different spellings. */
  canonical(iri: string): string {
    return this.lookup(iri)?.iri ?? decodeIri(iri);
  }
}
