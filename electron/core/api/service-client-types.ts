import type { ApiRequest, ApiResponse } from '../http/exchange-types.ts';

/**
 * The seam between authentication and everything that calls the service's API.
 * Implemented in auth/service-client.ts; purchases, catalog and addresses depend only on this.
 */
export interface ServiceClient {
  readonly baseUrl: URL;
  /**
   * Sends one request with the environment's current Bearer token. On a 401 it gets a new token
   * and sends the request once more. Auth failures throw CoreError (invalid_grant, invalid_client,
   * credentials_missing, auth_unavailable) before anything is sent to the API.
   */
  send(request: ApiRequest): Promise<ApiResponse>;
}
