import type { IncomingMessage } from 'node:http';
import { handleAddresses } from './addresses/address-routes.ts';
import { handleTokenRequest } from './auth/token-route.ts';
import { handleCatalog } from './catalog/catalog-route.ts';
import { discoveryDocument, jsonLdContext } from './context.ts';
import type { FaultTarget } from './faults.ts';
import { jsonLd, jsonReply, methodNotAllowed, notFound, type Reply } from './http/reply.ts';
import { handleProviderRequest } from './provider/provider-routes.ts';
import { handlePurchase } from './purchases/purchase-route.ts';
import { handleResult } from './purchases/result-route.ts';
import type { SellerKind } from './purchases/seller.ts';
import type { RequestClass } from './request-log.ts';
import type { ServiceState } from './service-state.ts';

export interface Route {
  readonly class: RequestClass;
  /** The fault class this request belongs to, if faults can be injected into it. */
  readonly target?: FaultTarget;
  readonly handle: (body: Buffer) => Reply;
}

function getOnly(request: IncomingMessage, reply: () => Reply): Reply {
  return request.method === 'GET' ? reply() : methodNotAllowed(['GET']);
}

function catalogRoute(request: IncomingMessage, kind: SellerKind, segment: string, state: ServiceState): Route {
  if (request.method === 'POST') {
    return { class: 'purchase', target: 'purchase', handle: (body) => handlePurchase(request, body, kind, segment, state) };
  }
  return { class: 'catalog', handle: () => (request.method === 'GET' ? handleCatalog(request, kind, segment, state) : methodNotAllowed(['GET', 'POST'])) };
}

/** The three catalog paths the service sells from, each with its resource's key as one segment. */
const catalogPaths: readonly [SellerKind, RegExp][] = [
  ['title', /^\/world\/GB-eaw\/titles\/([^/]+)\/catalog$/],
  ['address', /^\/world\/GB\/addresses\/([^/]+)\/catalog$/],
  ['spatial', /^\/world\/GB\/spatial\/addresses\/([^/]+)\/catalog$/],
];

function providerRoute(request: IncomingMessage, url: URL, state: ServiceState): Route {
  return {
    class: 'provider',
    handle: () =>
      getOnly(request, () => {
        const answer = handleProviderRequest(url, state.world);
        return answer === undefined ? notFound() : jsonReply(answer.status, answer.body);
      }),
  };
}

/** Which handler serves a request, and how it is counted in the log. */
export function route(request: IncomingMessage, url: URL, state: ServiceState): Route {
  const path = url.pathname;
  const base = state.baseUrl;
  if (path === '/.well-known/openid-configuration') return { class: 'discovery', handle: () => getOnly(request, () => jsonReply(200, discoveryDocument(base))) };
  if (path === '/oauth2/jwks') return { class: 'discovery', handle: () => getOnly(request, () => jsonReply(200, { keys: [] })) };
  if (path === '/oauth2/token') {
    const deps = { credentials: state.credentials, tokens: state.tokens, issuer: base, refreshTokens: state.refreshTokens, rotate: state.behaviour.rotateRefreshTokens };
    return { class: 'token', target: 'token', handle: (body) => handleTokenRequest(request, body, deps) };
  }
  if (path === '/.hydra/context.jsonld') return { class: 'context', handle: () => getOnly(request, () => jsonReply(200, jsonLdContext(base), {}, jsonLd)) };
  for (const [kind, pattern] of catalogPaths) {
    const segment = pattern.exec(path)?.[1];
    if (segment !== undefined) return catalogRoute(request, kind, segment, state);
  }
  const purchase = /^\/purchases\/([^/]+)$/.exec(path)?.[1];
  if (purchase !== undefined) {
    return { class: 'result', target: 'result', handle: () => getOnly(request, () => handleResult(request, purchase, state)) };
  }
  if (path === '/world/GB/addresses' || path.startsWith('/world/GB/addresses/')) {
    return { class: 'address', handle: () => getOnly(request, () => handleAddresses(request, url, path.slice('/world/GB/addresses'.length), state)) };
  }
  if (path.startsWith('/Capture/Interactive/')) return providerRoute(request, url, state);
  return { class: 'other', handle: () => notFound() };
}
