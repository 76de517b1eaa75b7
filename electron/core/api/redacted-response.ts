import { redactKnownSecrets } from '../redaction.ts';
import type { ApiResponse } from '../http/exchange-types.ts';

/**
 * An answer with the live secrets taken out of its body and headers: a hostile or careless
 * server echoing the Authorization header must not get the token into the journal through a
 * result, a Location, a catalog or an address. Only known values go: this is data, not prose.
 */
export function redactedResponse(response: ApiResponse): ApiResponse {
  const { headers } = response;
  return {
    status: response.status,
    receivedAt: response.receivedAt,
    body: redactKnownSecrets(response.body),
    headers: {
      get: (name) => {
        const value = headers.get(name);
        return value === null ? null : redactKnownSecrets(value);
      },
    },
  };
}
