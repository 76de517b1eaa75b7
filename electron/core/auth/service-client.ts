import type { Dispatcher } from 'undici';
import type { TokenManager } from './token-manager.ts';
import { sendHttp } from '../http/send-http.ts';
import { redactedResponse } from '../api/redacted-response.ts';
import type { ApiRequest, ApiResponse } from '../http/exchange-types.ts';
import type { ServiceClient } from '../api/service-client-types.ts';

export interface ApiServiceClientOptions {
  readonly baseUrl: URL;
  readonly tokens: TokenManager;
  readonly dispatcher: Dispatcher;
}

function withBearer(request: ApiRequest, accessToken: string): ApiRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (name.toLowerCase() !== 'authorization') headers[name] = value;
  }
  headers.authorization = `Bearer ${accessToken}`;
  return { ...request, headers };
}

/**
 * The service's API for one environment. Every request carries that environment's token, so a
 * purchase POST and all its result GETs share credentials.
 */
export class ApiServiceClient implements ServiceClient {
  readonly baseUrl: URL;
  readonly #tokens: TokenManager;
  readonly #dispatcher: Dispatcher;

  constructor(options: ApiServiceClientOptions) {
    this.baseUrl = options.baseUrl;
    this.#tokens = options.tokens;
    this.#dispatcher = options.dispatcher;
  }

  /** Answers come back without the secrets in use: whatever reads them may store or show them. */
  async send(request: ApiRequest): Promise<ApiResponse> {
    return redactedResponse(await this.#send(request));
  }

  async #send(request: ApiRequest): Promise<ApiResponse> {
    const token = await this.#tokens.accessToken();
    const first = await sendHttp(this.#dispatcher, withBearer(request, token));
    if (first.status !== 401) return first;
    // The token may have been revoked or expired early: one fresh token, one more try. A second
    // 401 goes back to the caller, which decides what it means.
    this.#tokens.invalidate(token);
    const fresh = await this.#tokens.accessToken();
    return sendHttp(this.#dispatcher, withBearer(request, fresh));
  }
}
