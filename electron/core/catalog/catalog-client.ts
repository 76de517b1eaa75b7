import type { CatalogSourceGroup, CatalogVariable, ResourceCatalog, TitleCatalog } from '../../../shared/catalog/catalog.ts';
import { catalogPath, catalogResourceSchema, describeResource, resourceId, type CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import { isTitleNumber, normalizeTitleNumber, titleNumberRefusal } from '../../../shared/property/title-number.ts';
import type { ServiceClient } from '../api/service-client-types.ts';
import { networkError, statusError } from '../api/status-error.ts';
import { serviceUrl } from '../api/urls.ts';
import { CoreError } from '../errors.ts';
import { parseJson } from '../http/json.ts';
import { readCatalogDocument } from './catalog-document.ts';

/** Providers, then sources, then scheme paths, each in first-seen order: the service's own ordering. */
export function groupCatalog(variables: readonly CatalogVariable[]): CatalogSourceGroup[] {
  const groups: { provider: string; source: string; schemes: Map<string, CatalogVariable[]> }[] = [];
  for (const variable of variables) {
    let group = groups.find((known) => known.provider === variable.provider && known.source === variable.source);
    if (group === undefined) {
      group = { provider: variable.provider, source: variable.source, schemes: new Map() };
      groups.push(group);
    }
    // A separator that cannot occur in a segment, so different paths never share a key.
    const key = variable.schemePath.join('\u0000');
    const scheme = group.schemes.get(key);
    if (scheme === undefined) group.schemes.set(key, [variable]);
    else scheme.push(variable);
  }
  return groups.map((group) => ({
    provider: group.provider,
    source: group.source,
    schemes: [...group.schemes.values()].map((members) => ({ schemePath: members[0]?.schemePath ?? [], variables: members })),
  }));
}

/**
 * Parses a catalog document in either documented shape into variables. A document that is no
 * Catalog is a protocol error; an entry that cannot be read is left out and counted.
 */
export function parseResourceCatalog(resource: CatalogResource, body: string): ResourceCatalog {
  const document = readCatalogDocument(parseJson(body));
  if (document === undefined) throw new CoreError('protocol', `The catalog of ${describeResource(resource)} is not a valid Catalog document.`);
  const { variables, unreadable } = document;
  return { resource, groups: groupCatalog(variables), variableCount: variables.length, ...(unreadable === 0 ? {} : { unreadable }) };
}

/** A title's catalog as the title screens read it: named by its title number. */
export function parseCatalog(titleNumber: string, body: string): TitleCatalog {
  return titleCatalogOf(titleNumber, parseResourceCatalog({ kind: 'title', key: titleNumber }, body));
}

function titleCatalogOf(titleNumber: string, catalog: ResourceCatalog): TitleCatalog {
  return { titleNumber, groups: catalog.groups, variableCount: catalog.variableCount, ...(catalog.unreadable === undefined ? {} : { unreadable: catalog.unreadable }) };
}

/** A resource as a caller names it, checked: a title number is normalised, an address key or UPRN must be well formed. */
export function checkedResource(resource: CatalogResource): CatalogResource {
  if (resource.kind === 'title') {
    const key = normalizeTitleNumber(resource.key);
    if (!isTitleNumber(key)) throw new CoreError('validation', `"${resource.key.slice(0, 40)}" is not a title number. ${titleNumberRefusal}`);
    return { kind: 'title', key };
  }
  const parsed = catalogResourceSchema.safeParse(resource);
  if (!parsed.success) throw new CoreError('validation', `"${resource.key.slice(0, 40)}" is not ${resource.kind === 'address' ? 'an address key' : 'a UPRN'}: ${parsed.error.issues[0]?.message ?? 'not valid'}.`);
  return parsed.data;
}

/**
 * Catalogs of one environment (titles', addresses', UPRNs'), cached per resource for the
 * client's lifetime: a catalog rarely changes, and every click would otherwise cost a round trip.
 */
export class CatalogClient {
  readonly #service: ServiceClient;
  readonly #cache = new Map<string, Promise<ResourceCatalog>>();
  /** Each cached catalog's title view, so a cached title catalog is the same object each time. */
  readonly #titleViews = new WeakMap<ResourceCatalog, TitleCatalog>();

  constructor(service: ServiceClient) {
    this.#service = service;
  }

  /** A title's catalog (the title screens' and batches' shape). */
  async catalog(title: string, options: { refresh?: boolean } = {}): Promise<TitleCatalog> {
    const catalog = await this.catalogOf({ kind: 'title', key: title }, options);
    const known = this.#titleViews.get(catalog);
    if (known !== undefined) return known;
    const view = titleCatalogOf(catalog.resource.key, catalog);
    this.#titleViews.set(catalog, view);
    return view;
  }

  /** The catalog of any resource; a bad key is refused before anything is sent. */
  catalogOf(resource: CatalogResource, options: { refresh?: boolean } = {}): Promise<ResourceCatalog> {
    let checked: CatalogResource;
    try {
      checked = checkedResource(resource);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const id = resourceId(checked);
    const cached = this.#cache.get(id);
    if (cached !== undefined && options.refresh !== true) return cached;
    const pending = this.#fetch(checked);
    this.#cache.set(id, pending);
    // A failure is not cached: the next call asks again.
    pending.catch(() => {
      if (this.#cache.get(id) === pending) this.#cache.delete(id);
    });
    return pending;
  }

  clear(): void {
    this.#cache.clear();
  }

  async #fetch(resource: CatalogResource): Promise<ResourceCatalog> {
    const url = serviceUrl(this.#service.baseUrl, catalogPath(resource));
    const response = await this.#service
      .send({ method: 'GET', url, headers: { accept: 'application/ld+json' } })
      .catch((error: unknown) => {
        throw networkError(error);
      });
    if (response.status !== 200) throw statusError(response.status, `the catalog of ${describeResource(resource)}`);
    return parseResourceCatalog(resource, response.body);
  }
}
