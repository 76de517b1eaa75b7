import type { IncomingMessage } from 'node:http';
import { authenticate, isReply } from '../auth/bearer.ts';
import { jsonLd, jsonReply, type Reply } from '../http/reply.ts';
import { catalogListing } from '../purchases/collection.ts';
import { resolveSeller, type SellerKind } from '../purchases/seller.ts';
import { catalogUrlOf, type ServiceState } from '../service-state.ts';

/** GET a catalog (a title's, a postal address's, a spatial address's): the variables on sale, with prices. */
export function handleCatalog(request: IncomingMessage, kind: SellerKind, segment: string, state: ServiceState): Reply {
  const principal = authenticate(request, state.tokens);
  if (isReply(principal)) return principal;
  const seller = resolveSeller(kind, segment, state);
  if (isReply(seller)) return seller;
  return jsonReply(200, catalogListing(seller, state, catalogUrlOf(state.baseUrl, seller)), {}, jsonLd);
}
