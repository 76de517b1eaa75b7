import type { IncomingMessage } from 'node:http';
import { authenticate, isReply } from '../auth/bearer.ts';
import { emptyReply, jsonLd, jsonReply, notFound, problemReply, type Reply } from '../http/reply.ts';
import type { ServiceState } from '../service-state.ts';
import { maxAgeAt } from './advice-plan.ts';
import { purchaseCollection } from './collection.ts';
import { sellerOfKey } from './seller.ts';

/** GET /purchases/{id}: 202 while pending, then 200 with the result for ever after. */
export function handleResult(request: IncomingMessage, id: string, state: ServiceState): Reply {
  const principal = authenticate(request, state.tokens);
  if (isReply(principal)) return principal;
  const record = state.purchases.get(id);
  if (record === undefined) return notFound('No such purchase.');
  if (record.principal !== principal) {
    const description = 'This purchase was made with other credentials.';
    return problemReply(401, 'Unauthorized', description, {
      'WWW-Authenticate': `Bearer realm="TitleDesk sandbox", error="invalid_token", error_description="${description}"`,
    });
  }
  const now = Date.now();
  if (now < record.readyAt) {
    // The advice planned at the POST: wait until the next moment a perfect client would ask.
    const maxAge = maxAgeAt(record, now);
    return emptyReply(202, { 'Cache-Control': `private,max-age=${maxAge},must-revalidate` });
  }
  const seller = sellerOfKey(record.titleNumber, state);
  if (seller === undefined) return notFound('What this purchase was bought about no longer exists.');
  return jsonReply(200, purchaseCollection(record, seller, state), {}, jsonLd);
}
