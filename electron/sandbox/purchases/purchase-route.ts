import type { IncomingMessage } from 'node:http';
import { findPreference, formatPreferences, parseDelaySeconds, parsePrefer } from '../../../shared/http/prefer.ts';
import { authenticate, isReply } from '../auth/bearer.ts';
import { emptyReply, jsonLd, jsonReply, problemReply, type Reply } from '../http/reply.ts';
import type { ServiceState } from '../service-state.ts';
import { drawReadyMs, planAdvice, purchaseRandom } from './advice-plan.ts';
import { purchaseCollection } from './collection.ts';
import { parsePurchaseEntity } from './purchase-request.ts';
import type { PurchaseRecord, RequestedVariable } from './purchase-store.ts';
import { resolveSeller, type Seller, type SellerKind } from './seller.ts';

interface AppliedPrefs {
  readonly waitZero: boolean;
  /** Seconds of service.min-wait, only when honoured (test titles). */
  readonly minWait?: number;
}

function readPrefs(request: IncomingMessage, seller: Seller, state: ServiceState): AppliedPrefs | Reply {
  const prefs = parsePrefer(request.headersDistinct.prefer);
  if (findPreference(prefs, 'respond-async') === undefined) {
    return problemReply(400, 'Bad Request', 'A purchase needs the header Prefer: respond-async.');
  }
  // Only wait=0 changes anything: a longer wait only bounds how long the server may take, and the
  // sandbox always answers at once, so it is not applied and not reported.
  const waitZero = parseDelaySeconds(findPreference(prefs, 'wait')?.value) === 0;
  const minWait = parseDelaySeconds(findPreference(prefs, 'service.min-wait')?.value);
  // service.min-wait is a testing aid the service honours only on its five test titles.
  const honoured = minWait !== undefined && seller.titleNumber !== undefined && state.testTitles.has(seller.titleNumber);
  return honoured ? { waitZero, minWait } : { waitZero };
}

/**
 * When the data will be ready: already-bought data counts as ready when it was (or will be).
 * Every variable takes its draw even when bought before, so the advice drawn after it does not
 * depend on what this principal bought earlier.
 */
function dataReadyAt(principal: string, sellerKey: string, requested: readonly RequestedVariable[], state: ServiceState, now: number, random: () => number): number {
  let readyAt = now;
  for (const { variable } of requested) {
    const drawnMs = drawReadyMs(random, state.pacing.readySeconds ?? variable.dataset.readySeconds);
    readyAt = Math.max(readyAt, state.purchases.availableAt(principal, sellerKey, variable) ?? now + drawnMs);
  }
  for (const { variable } of requested) state.purchases.markAvailable(principal, sellerKey, variable, readyAt);
  return readyAt;
}

function seeOther(record: PurchaseRecord, retryAfterSeconds: number, prefs: AppliedPrefs): Reply {
  const applied: { name: string; value?: number }[] = [{ name: 'respond-async' }];
  if (prefs.waitZero) applied.push({ name: 'wait', value: 0 });
  if (prefs.minWait !== undefined) applied.push({ name: 'service.min-wait', value: prefs.minWait });
  return emptyReply(303, {
    Location: `/purchases/${record.id}`,
    'Retry-After': String(retryAfterSeconds),
    'Preference-Applied': formatPreferences(applied),
  });
}

/**
 * POST to a catalog: buy variables of a title (`/world/GB-eaw/titles/{title}/catalog`), a postal
 * address (`/world/GB/addresses/{key}/catalog`) or a spatial address (`/world/GB/spatial/addresses/{uprn}/catalog`).
 */
export function handlePurchase(request: IncomingMessage, body: Buffer, kind: SellerKind, segment: string, state: ServiceState): Reply {
  const principal = authenticate(request, state.tokens);
  if (isReply(principal)) return principal;
  const seller = resolveSeller(kind, segment, state);
  if (isReply(seller)) return seller;
  const prefs = readPrefs(request, seller, state);
  if (isReply(prefs)) return prefs;
  const requested = parsePurchaseEntity(request, body, seller, state);
  if (isReply(requested)) return requested;
  const now = Date.now();
  const sequence = state.purchases.nextSequence();
  const random = purchaseRandom(state.seed, sequence);
  const readyAt = dataReadyAt(principal, seller.key, requested, state, now, random);
  const resultAt = prefs.minWait === undefined ? readyAt : Math.max(readyAt, now + prefs.minWait * 1000);
  const plan = planAdvice({ random, now, readyAt: resultAt, retryAfter: state.pacing.retryAfterSeconds, maxAge: state.pacing.maxAgeSeconds });
  const record = state.purchases.create({ principal, titleNumber: seller.key, requested, createdAt: now, readyAt: resultAt, sequence, checkpoints: plan.checkpoints });
  if (prefs.waitZero || prefs.minWait !== undefined || resultAt > now) return seeOther(record, plan.retryAfterSeconds, prefs);
  // Available at once: the answer a synchronous completion gives, with where it lives from now on.
  return jsonReply(200, purchaseCollection(record, seller, state), { 'Content-Location': `/purchases/${record.id}` }, jsonLd);
}
