import type { ApiRequest, ApiResponse } from '../http/exchange-types.ts';
import type { ServiceClient } from '../api/service-client-types.ts';
import type { EnvironmentRegistry } from './environment-registry.ts';
import type { PurchaseEnvironment } from '../purchases/purchase-service.ts';

/**
 * A purchase keeps talking to its own environment for its whole life (the seed: the same
 * credentials for the POST and every result GET). Sessions are rebuilt when the user edits an
 * environment or its credentials, so the client always asks the registry for the current one.
 */
export function purchaseEnvironment(environments: EnvironmentRegistry, environmentId: string): PurchaseEnvironment {
  const current = (): ServiceClient => environments.session(environmentId).client;
  const client: ServiceClient = {
    get baseUrl(): URL {
      return current().baseUrl;
    },
    send(request: ApiRequest): Promise<ApiResponse> {
      return current().send(request);
    },
  };
  return { id: environmentId, client };
}

/** For purchases resumed from the journal: undefined when their environment no longer exists. */
export function resolvePurchaseEnvironment(environments: EnvironmentRegistry, environmentId: string): PurchaseEnvironment | undefined {
  const known = environments.list().some((environment) => environment.id === environmentId);
  return known ? purchaseEnvironment(environments, environmentId) : undefined;
}
