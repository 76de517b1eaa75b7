/**
 * What the service sells and how it is named. What it promises:
 *
 * - The three kinds of catalog (a title, a postal address, an Ordnance Survey spatial address),
 *   each named by its resource's key, and the catalogs' variables with their prices
 *   (catalog-resource.ts, catalog.ts).
 * - Variable and ontology IRIs kept verbatim: only split, never parsed or normalised as URLs
 *   (iri.ts).
 * - Presets of variables every host knows, and the user's saved ones (variable-presets.ts).
 */
export { catalogPath, type CatalogResource, type CatalogResourceKind, catalogResourceSchema, describeResource, resourceId, resourceOfPurchase } from './catalog-resource.ts';
export { type CatalogRequest, catalogRequestSchema, type CatalogSchemeGroup, catalogSchemeGroupSchema, type CatalogSourceGroup, catalogSourceGroupSchema, type CatalogVariable, catalogVariableSchema, type Price, priceSchema, type ResourceCatalog, resourceCatalogSchema, type TitleCatalog, titleCatalogSchema, unreadableNote } from './catalog.ts';
export { type OntologyIri, ontologyIriSchema, parseOntologyIri, parseVariableIri, variableIdentity, type VariableIri, variableIriSchema, variableName, withServiceBase } from './iri.ts';
export { builtInPresets, findPreset, type PresetKeys, type PresetList, presetList, presetListSchema, type SavedPreset, savedPresetSchema, valuationPackKeys } from './variable-presets.ts';
