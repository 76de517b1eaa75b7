import type { EnvironmentRegistry } from '../env/environment-registry.ts';
import type { TeamEnvironments } from './team-desk.ts';

/** The registry's environments and catalogs, as the team link reads them. */
export function teamEnvironmentsOf(registry: EnvironmentRegistry): TeamEnvironments {
  return {
    list: () => registry.list(),
    catalogOf: (environmentId, resource) => registry.session(environmentId).catalog.catalogOf(resource),
  };
}
