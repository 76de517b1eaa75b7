import type { IncomingMessage } from 'node:http';
import { authenticate, isReply } from '../auth/bearer.ts';
import { jsonLd, jsonReply, type Reply } from '../http/reply.ts';
import { catalogListing } from '../purchases/collection.ts';
import { resolveTitle } from '../purchases/title-param.ts';
import { catalogUrl, type ServiceState } from '../service-state.ts';

/** GET /world/GB-eaw/titles/{title}/catalog: the variables on sale for a title, with prices. */
export function handleCatalog(request: IncomingMessage, titleSegment: string, state: ServiceState): Reply {
  const principal = authenticate(request, state.tokens);
  if (isReply(principal)) return principal;
  const title = resolveTitle(titleSegment, state);
  if (isReply(title)) return title;
  return jsonReply(200, catalogListing(title, state, catalogUrl(state.baseUrl, title.titleNumber)), {}, jsonLd);
}
