import type { ContractHandlers } from './create-router.ts';
import type { EnvironmentRegistry } from '../env/environment-registry.ts';

/**
 * Address and catalog lookups on the selected environment. A new find cancels the one still in
 * flight, so a stale list of suggestions can never overwrite a fresher one.
 */
export function lookupHandlers(environments: EnvironmentRegistry): Pick<ContractHandlers, 'address:find' | 'address:retrieve' | 'catalog:get'> {
  let inFlightFind: AbortController | undefined;
  return {
    'address:find': async ({ text, container, limit }) => {
      inFlightFind?.abort();
      const controller = new AbortController();
      inFlightFind = controller;
      try {
        const options = { signal: controller.signal, ...(container === undefined ? {} : { container }), ...(limit === undefined ? {} : { limit }) };
        return await environments.session().address.find(text, options);
      } finally {
        if (inFlightFind === controller) inFlightFind = undefined;
      }
    },
    'address:retrieve': async ({ id }) => environments.session().address.retrieve(id),
    // A title's catalog keeps its title-named shape; an address's or a UPRN's is named by its resource.
    'catalog:get': async ({ target }) => (typeof target === 'string' ? environments.session().catalog.catalog(target) : environments.session().catalog.catalogOf(target)),
  };
}
