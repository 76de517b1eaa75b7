import { z } from 'zod';
import { parseRetryAfter } from '../../../shared/http/retry-after.ts';
import type { Dispatcher } from 'undici';
import { CoreError } from '../errors.ts';
import { TransportError } from '../http/exchange-types.ts';
import { sendHttp } from '../http/send-http.ts';
import { serviceUrl } from '../api/urls.ts';
import { parseJson } from '../http/json.ts';
import { isRetryableStatus, RetryableAuthError } from './auth-errors.ts';

// Only token_endpoint is needed: tokens are issued without an interactive step.
const discoverySchema = z.object({ token_endpoint: z.url({ protocol: /^https?$/ }) });

/**
 * The OpenID discovery document of one environment, fetched once and shared by every token
 * request. Concurrent callers share one fetch; a failed fetch is forgotten so the next call
 * tries again.
 */
export class DiscoveryCache {
  readonly #url: URL;
  readonly #dispatcher: Dispatcher;
  readonly #timeoutMs: number;
  #endpoint: Promise<URL> | undefined;

  constructor(baseUrl: URL | string, dispatcher: Dispatcher, timeoutMs = 15_000) {
    this.#url = serviceUrl(baseUrl, '/.well-known/openid-configuration');
    this.#dispatcher = dispatcher;
    this.#timeoutMs = timeoutMs;
  }

  tokenEndpoint(): Promise<URL> {
    if (this.#endpoint === undefined) {
      const pending = this.#fetch();
      this.#endpoint = pending;
      pending.catch(() => {
        if (this.#endpoint === pending) this.#endpoint = undefined;
      });
    }
    return this.#endpoint;
  }

  async #fetch(): Promise<URL> {
    let response;
    try {
      response = await sendHttp(this.#dispatcher, {
        method: 'GET',
        url: this.#url,
        headers: { accept: 'application/json' },
        timeoutMs: this.#timeoutMs,
      });
    } catch (error) {
      if (error instanceof TransportError) throw new RetryableAuthError(`Discovery failed: ${error.message}`, error);
      throw error;
    }
    if (isRetryableStatus(response.status)) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), response.receivedAt);
      throw new RetryableAuthError(`Discovery answered ${response.status}.`, undefined, retryAfterMs);
    }
    if (response.status !== 200) {
      throw new CoreError('auth_unavailable', `The service's discovery document answered ${response.status}.`, {
        status: response.status,
      });
    }
    const parsed = discoverySchema.safeParse(parseJson(response.body));
    if (!parsed.success) {
      throw new CoreError('protocol', 'The discovery document has no valid token_endpoint.');
    }
    return new URL(parsed.data.token_endpoint);
  }
}
