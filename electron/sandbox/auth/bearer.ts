import type { IncomingMessage } from 'node:http';
import { problemReply, type Reply } from '../http/reply.ts';
import type { Principal, TokenStore } from './token-store.ts';

const realm = 'realm="TitleDesk sandbox"';

/**
 * The caller's principal, or the 401 to send (RFC 6750 §3). A request without credentials gets a
 * bare challenge; a malformed, unknown or expired token gets error="invalid_token".
 */
export function authenticate(request: IncomingMessage, tokens: TokenStore): Principal | Reply {
  const header = request.headersDistinct.authorization;
  if (header === undefined) {
    return problemReply(401, 'Unauthorized', 'An access token is required.', { 'WWW-Authenticate': `Bearer ${realm}` });
  }
  const match = header.length === 1 ? /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header[0] ?? '') : null;
  const principal = match?.[1] === undefined ? undefined : tokens.verify(match[1]);
  if (principal !== undefined) return principal;
  const description = match === null ? 'The Authorization header is not a Bearer token.' : 'The access token is unknown or has expired.';
  return problemReply(401, 'Unauthorized', description, {
    'WWW-Authenticate': `Bearer ${realm}, error="invalid_token", error_description="${description}"`,
  });
}

export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}
