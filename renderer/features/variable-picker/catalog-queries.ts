import { useQuery } from '@tanstack/react-query';
import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import { useApi } from '../../api/api-context.tsx';
import { call } from '../../api/call.ts';
import { resourceRequest } from '../common/resource-words.ts';

export const catalogKeys = {
  all: ['catalog'] as const,
  /** Per environment: the same title may be offered differently by another service. */
  title: (environmentId: string, titleNumber: string) => [...catalogKeys.all, environmentId, titleNumber] as const,
  /** An address's or a UPRN's catalog: its kind in the key, so a UPRN never meets a title of the same digits. */
  resource: (environmentId: string, resource: CatalogResource) =>
    resource.kind === 'title' ? catalogKeys.title(environmentId, resource.key) : ([...catalogKeys.all, environmentId, resource.kind, resource.key] as const),
};

/** The catalog of a title, a postal address or a UPRN; every kind reads and buys the same way. */
export function useCatalogQuery(environmentId: string, resource: CatalogResource) {
  const api = useApi();
  return useQuery({
    queryKey: catalogKeys.resource(environmentId, resource),
    queryFn: () => call(api, 'catalog:get', resourceRequest(resource)),
    staleTime: 10 * 60_000,
  });
}
