import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { call } from '../../api/call.ts';

export const catalogKeys = {
  all: ['catalog'] as const,
  /** Per environment: the same title may be offered differently by another service. */
  title: (environmentId: string, titleNumber: string) => [...catalogKeys.all, environmentId, titleNumber] as const,
};

export function useCatalogQuery(environmentId: string, titleNumber: string) {
  const api = useApi();
  return useQuery({
    queryKey: catalogKeys.title(environmentId, titleNumber),
    queryFn: () => call(api, 'catalog:get', { titleNumber }),
    staleTime: 10 * 60_000,
  });
}
