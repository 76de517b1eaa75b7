import type { VariableCatalog } from './catalog/catalog.ts';

/**
 * Variables offered on every title, from instant and slow datasets alike, so that buying them
 * together shows the asynchronous flow and buying them again shows the cached one.
 */
const sampleKeys = [
  'WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number',
  'WhenFresh/Property Insurance#Dwelling/Rooms/Bathrooms/Bathroom Count (1⋯5+)',
  'EPC/Domestic Certificates#Energy/Rating/Current/Current Energy Rating',
  'Zoopla/Property Data#Market/Valuation/Sale/Estimated Sale Value (£)',
];

export function sampleVariableIris(catalog: VariableCatalog): string[] {
  return sampleKeys.map((key) => {
    const variable = catalog.all().find((candidate) => candidate.key === key);
    if (variable === undefined || variable.dataset.tenure !== undefined) throw new Error(`Sample variable ${key} is not on every title`);
    return variable.iri;
  });
}
