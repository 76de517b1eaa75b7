import { z } from 'zod';
import type { Dispatcher } from 'undici';
import { parseRetryAfter } from '../../../shared/http/retry-after.ts';
import { CoreError } from '../errors.ts';
import { TransportError } from '../http/exchange-types.ts';
import { sendHttp } from '../http/send-http.ts';
import { parseJson } from '../http/json.ts';
import { registerLiveSecret } from '../live-secrets.ts';
import { AnswerLostError, isRetryableStatus, RetryableAuthError } from './auth-errors.ts';

export type Credentials =
  | { readonly mode: 'developer'; readonly clientId: string; readonly refreshToken: string }
  | { readonly mode: 'machine'; readonly clientId: string; readonly clientSecret: string };

export interface TokenGrant {
  readonly accessToken: string;
  readonly expiresInSeconds: number;
  /** Present when the provider rotated the refresh token (RFC 6749 §6). */
  readonly refreshToken: string | undefined;
  readonly receivedAt: number;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer', 'token_type must be Bearer'),
  id_token: z.string().optional(),
  refresh_token: z.string().min(1).optional(),
});

const tokenErrorSchema = z.object({ error: z.string() });

/** RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and Base64-encoded. */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (value: string): string => new URLSearchParams([['', value]]).toString().slice(1);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`, 'utf8').toString('base64')}`;
}

/** The secrets a token request sends, registered before it goes: its answer may echo them. */
function registerSent(credentials: Credentials, headers: Readonly<Record<string, string>>): void {
  if (credentials.mode === 'machine') registerLiveSecret(credentials.clientSecret);
  else registerLiveSecret(credentials.refreshToken);
  registerLiveSecret(headers.authorization?.replace(/^Basic /, ''));
}

function formFor(credentials: Credentials): { body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (credentials.mode === 'machine') {
    headers.authorization = basicAuthorization(credentials.clientId, credentials.clientSecret);
    return { body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(), headers };
  }
  const form = new URLSearchParams({
    client_id: credentials.clientId,
    grant_type: 'refresh_token',
    refresh_token: credentials.refreshToken,
  });
  return { body: form.toString(), headers };
}

/** Turns an RFC 6749 §5.2 error into a typed failure; the provider's free text is not echoed. */
function rejection(status: number, body: string, retryAfterMs: number | undefined): Error {
  if (isRetryableStatus(status)) return new RetryableAuthError(`The token endpoint answered ${status}.`, undefined, retryAfterMs);
  const error = tokenErrorSchema.safeParse(parseJson(body)).data?.error;
  // Only a well-formed RFC 6749 code is kept (as detail, for the connection test): never free text.
  const code = error !== undefined && /^[a-z_]{1,64}$/.test(error) ? error : undefined;
  const options = { status, ...(code === undefined ? {} : { detail: code }) };
  if (error === 'invalid_grant') {
    return new CoreError('invalid_grant', 'The refresh token was rejected. Paste a new one from the My Tokens page.', options);
  }
  if (error === 'invalid_client' || error === 'unauthorized_client' || status === 401) {
    return new CoreError('invalid_client', 'The client credentials were rejected by the identity provider.', options);
  }
  const named = code === undefined ? '' : ` (${code})`;
  return new CoreError('protocol', `The token request was refused with ${status}${named}.`, options);
}

/**
 * One token request. Throws CoreError for a final answer, RetryableAuthError for a transient one,
 * AnswerLostError when a refresh token went out and no answer came back.
 */
export async function requestToken(
  dispatcher: Dispatcher,
  endpoint: URL,
  credentials: Credentials,
  timeoutMs = 15_000,
): Promise<TokenGrant> {
  const { body, headers } = formFor(credentials);
  registerSent(credentials, headers);
  let response;
  try {
    response = await sendHttp(dispatcher, { method: 'POST', url: endpoint, headers, body, timeoutMs });
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    // A refresh token that may have been received may also have been replaced: not sent again blindly.
    if (error.maybeReceived && credentials.mode === 'developer') throw new AnswerLostError(`Token request failed: ${error.message}`, error);
    throw new RetryableAuthError(`Token request failed: ${error.message}`, error);
  }
  if (response.status !== 200) {
    // A 503 or 429 may say when to come back; the wait counts from when its head arrived.
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), response.receivedAt);
    throw rejection(response.status, response.body, retryAfterMs);
  }
  const parsed = tokenResponseSchema.safeParse(parseJson(response.body));
  if (!parsed.success) throw new CoreError('protocol', 'The token endpoint answered with an unexpected document.');
  for (const secret of [parsed.data.access_token, parsed.data.refresh_token, parsed.data.id_token]) registerLiveSecret(secret);
  return {
    accessToken: parsed.data.access_token,
    expiresInSeconds: parsed.data.expires_in,
    refreshToken: parsed.data.refresh_token,
    receivedAt: response.receivedAt,
  };
}
