import type { CatalogSourceGroup, CatalogVariable, TitleCatalog } from '../../../shared/catalog.ts';
import { isTitleNumber, normalizeTitleNumber, titleNumberRefusal } from '../../../shared/title-number.ts';
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
export function parseCatalog(titleNumber: string, body: string): TitleCatalog {
  const document = readCatalogDocument(parseJson(body));
  if (document === undefined) throw new CoreError('protocol', `The catalog of ${titleNumber} is not a valid Catalog document.`);
  const { variables, unreadable } = document;
  return { titleNumber, groups: groupCatalog(variables), variableCount: variables.length, ...(unreadable === 0 ? {} : { unreadable }) };
}

/**
 * Title catalogs of one environment, cached per title for the client's lifetime: a catalog
 * rarely changes, and every click on a title would otherwise cost a round trip.
 */
export class CatalogClient {
  readonly #service: ServiceClient;
  readonly #cache = new Map<string, Promise<TitleCatalog>>();

  constructor(service: ServiceClient) {
    this.#service = service;
  }

  catalog(title: string, options: { refresh?: boolean } = {}): Promise<TitleCatalog> {
    const titleNumber = normalizeTitleNumber(title);
    if (!isTitleNumber(titleNumber)) {
      return Promise.reject(new CoreError('validation', `"${title.slice(0, 40)}" is not a title number. ${titleNumberRefusal}`));
    }
    const cached = this.#cache.get(titleNumber);
    if (cached !== undefined && options.refresh !== true) return cached;
    const pending = this.#fetch(titleNumber);
    this.#cache.set(titleNumber, pending);
    // A failure is not cached: the next call asks again.
    pending.catch(() => {
      if (this.#cache.get(titleNumber) === pending) this.#cache.delete(titleNumber);
    });
    return pending;
  }

  clear(): void {
    this.#cache.clear();
  }

  async #fetch(titleNumber: string): Promise<TitleCatalog> {
    const url = serviceUrl(this.#service.baseUrl, `/world/GB-eaw/titles/${encodeURIComponent(titleNumber)}/catalog`);
    const response = await this.#service
      .send({ method: 'GET', url, headers: { accept: 'application/ld+json' } })
      .catch((error: unknown) => {
        throw networkError(error);
      });
    if (response.status !== 200) throw statusError(response.status, `the catalog of ${titleNumber}`);
    return parseCatalog(titleNumber, response.body);
  }
}
