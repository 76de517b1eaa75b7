import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { jsonReply, mediaType, methodNotAllowed, singleHeader, type Reply } from '../http/reply.ts';
import type { SandboxCredentials } from './credentials.ts';
import type { RefreshFamilies } from './refresh-families.ts';
import type { TokenStore } from './token-store.ts';

export interface TokenDeps {
  readonly credentials: SandboxCredentials;
  readonly tokens: TokenStore;
  readonly issuer: string;
  readonly refreshTokens: RefreshFamilies;
  /** Whether refresh grants rotate the refresh token (a sandbox option). */
  readonly rotate: boolean;
}

type OAuthError = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type';

// Token responses, good or bad, must never be cached (RFC 6749 §5.1).
const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** An error response per RFC 6749 §5.2; invalid_client is a 401 with a Basic challenge. */
function oauthError(error: OAuthError, description: string): Reply {
  const status = error === 'invalid_client' ? 401 : 400;
  const challenge: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Basic realm="TitleDesk sandbox", charset="UTF-8"' } : {};
  return jsonReply(status, { error, error_description: description }, { ...noStore, ...challenge });
}

/** `Authorization: Basic …` → [client id, secret]; both parts are form-encoded (RFC 6749 §2.3.1). */
function parseBasic(header: string): [string, string] | undefined {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header);
  if (match?.[1] === undefined) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    const unform = (part: string): string => decodeURIComponent(part.replace(/\+/g, ' '));
    return [unform(decoded.slice(0, colon)), unform(decoded.slice(colon + 1))];
  } catch {
    return undefined;
  }
}

/** The form fields, or undefined when one appears twice (RFC 6749 §3.2 forbids repeats). */
function parseForm(body: Buffer): Map<string, string> | undefined {
  const form = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(body.toString('utf8'))) {
    if (form.has(name)) return undefined;
    form.set(name, value);
  }
  return form;
}

function unsignedLookingJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  // Nobody verifies it, but clients may decode it, so it has the usual three base64url parts.
  return `${part({ alg: 'RS256', typ: 'JWT', kid: 'sandbox-1' })}.${part(claims)}.${randomBytes(64).toString('base64url')}`;
}

function grantTokens(deps: TokenDeps, principal: string, idClaims?: { sub: string; aud: string }, refreshToken?: string): Reply {
  const now = Date.now();
  const body: Record<string, unknown> = {
    access_token: deps.tokens.issue(principal, now),
    expires_in: deps.tokens.ttlSeconds,
    token_type: 'Bearer',
    ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
  };
  if (idClaims !== undefined) {
    const iat = Math.floor(now / 1000);
    body.id_token = unsignedLookingJwt({ iss: deps.issuer, ...idClaims, iat, exp: iat + deps.tokens.ttlSeconds, token_use: 'id' });
  }
  return jsonReply(200, body, noStore);
}

function developerGrant(deps: TokenDeps, form: Map<string, string>): Reply {
  const { developer } = deps.credentials;
  if (form.get('grant_type') !== 'refresh_token') return oauthError('unauthorized_client', 'The developer client may only use grant_type=refresh_token.');
  const refreshToken = form.get('refresh_token');
  if (refreshToken === undefined || refreshToken === '') return oauthError('invalid_request', 'refresh_token is required.');
  const outcome = deps.refreshTokens.present(refreshToken, deps.rotate);
  // The same words whatever the reason, as a provider gives nothing away to whoever presents a token.
  if (!outcome.ok) return oauthError('invalid_grant', 'The refresh token is invalid, expired or revoked.');
  return grantTokens(deps, `developer:${developer.account}`, { sub: developer.account, aud: developer.clientId }, outcome.next);
}

function machineGrant(deps: TokenDeps, form: Map<string, string>): Reply {
  if (form.get('grant_type') !== 'client_credentials') return oauthError('unauthorized_client', 'This client may only use grant_type=client_credentials.');
  return grantTokens(deps, `machine:${deps.credentials.machine.clientId}`);
}

/** Which client is calling, from Basic credentials or the form; or the error to send. */
function identifyClient(request: IncomingMessage, form: Map<string, string>, deps: TokenDeps): 'developer' | 'machine' | Reply {
  const { developer, machine } = deps.credentials;
  const authorization = request.headersDistinct.authorization;
  if (form.has('client_secret')) return oauthError('invalid_client', 'Send client credentials with HTTP Basic authentication.');
  if (authorization !== undefined) {
    const basic = authorization.length === 1 ? parseBasic(authorization[0] ?? '') : undefined;
    if (basic === undefined) return oauthError('invalid_client', 'The Authorization header is not valid Basic credentials.');
    const [clientId, secret] = basic;
    if (form.has('client_id') && form.get('client_id') !== clientId) return oauthError('invalid_request', 'client_id differs from the authenticated client.');
    if (clientId !== machine.clientId || secret !== machine.clientSecret) return oauthError('invalid_client', 'Client authentication failed.');
    return 'machine';
  }
  const clientId = form.get('client_id');
  if (clientId === undefined || clientId === '') {
    return form.get('grant_type') === 'client_credentials'
      ? oauthError('invalid_client', 'Client authentication is required: use HTTP Basic.')
      : oauthError('invalid_request', 'client_id is required.');
  }
  if (clientId === developer.clientId) return 'developer';
  return oauthError('invalid_client', clientId === machine.clientId ? 'This client must authenticate with HTTP Basic.' : 'Unknown client.');
}

export function handleTokenRequest(request: IncomingMessage, body: Buffer, deps: TokenDeps): Reply {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  if (mediaType(singleHeader(request, 'content-type')) !== 'application/x-www-form-urlencoded') {
    return oauthError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
  const form = parseForm(body);
  if (form === undefined) return oauthError('invalid_request', 'A parameter was sent more than once.');
  const grantType = form.get('grant_type');
  if (grantType === undefined || grantType === '') return oauthError('invalid_request', 'grant_type is required.');
  if (grantType !== 'refresh_token' && grantType !== 'client_credentials') {
    return oauthError('unsupported_grant_type', `grant_type ${grantType} is not supported.`);
  }
  const client = identifyClient(request, form, deps);
  if (client === 'developer') return developerGrant(deps, form);
  if (client === 'machine') return machineGrant(deps, form);
  return client;
}
