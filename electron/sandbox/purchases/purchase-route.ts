import type { IncomingMessage } from 'node:http';
import { findPreference, formatPreferences, parseDelaySeconds, parsePrefer } from '../../../shared/http/prefer.ts';
import { authenticate, isReply } from '../auth/bearer.ts';
import { emptyReply, jsonLd, jsonReply, problemReply, type Reply } from '../http/reply.ts';
import { drawSeconds, type ServiceState } from '../service-state.ts';
import type { SandboxTitle } from '../world/types.ts';
import { purchaseCollection } from './collection.ts';
import { parsePurchaseEntity } from './purchase-request.ts';
import type { PurchaseRecord, RequestedVariable } from './purchase-store.ts';
import { resolveTitle } from './title-param.ts';

interface AppliedPrefs {
  readonly waitZero: boolean;
  /** Seconds of service.min-wait, only when honoured (test titles). */
  readonly minWait?: number;
}

function readPrefs(request: IncomingMessage, title: SandboxTitle, state: ServiceState): AppliedPrefs | Reply {
  const prefs = parsePrefer(request.headersDistinct.prefer);
  if (findPreference(prefs, 'respond-async') === undefined) {
    return problemReply(400, 'Bad Request', 'A purchase needs the header Prefer: respond-async.');
  }
  // Only wait=0 changes anything: a longer wait only bounds how long the server may take, and the
  // sandbox always answers at once, so it is not applied and not reported.
  const waitZero = parseDelaySeconds(findPreference(prefs, 'wait')?.value) === 0;
  const minWait = parseDelaySeconds(findPreference(prefs, 'service.min-wait')?.value);
  // service.min-wait is a testing aid the service honours only on its five test titles.
  const honoured = minWait !== undefined && state.testTitles.has(title.titleNumber);
  return honoured ? { waitZero, minWait } : { waitZero };
}

/** When the data will be ready: already-bought data counts as ready when it was (or will be). */
function dataReadyAt(principal: string, titleNumber: string, requested: readonly RequestedVariable[], state: ServiceState, now: number): number {
  let readyAt = now;
  for (const { variable } of requested) {
    const known = state.purchases.availableAt(principal, titleNumber, variable);
    const range = state.pacing.readySeconds ?? variable.dataset.readySeconds;
    readyAt = Math.max(readyAt, known ?? now + Math.round(drawSeconds(state, range) * 1000));
  }
  for (const { variable } of requested) state.purchases.markAvailable(principal, titleNumber, variable, readyAt);
  return readyAt;
}

function seeOther(record: PurchaseRecord, prefs: AppliedPrefs, state: ServiceState, now: number): Reply {
  const applied: { name: string; value?: number }[] = [{ name: 'respond-async' }];
  if (prefs.waitZero) applied.push({ name: 'wait', value: 0 });
  if (prefs.minWait !== undefined) applied.push({ name: 'service.min-wait', value: prefs.minWait });
  // Never advise waiting past the moment the result will be ready.
  const untilReady = Math.max(0, Math.ceil((record.readyAt - now) / 1000));
  const retryAfter = Math.min(Math.round(drawSeconds(state, state.pacing.retryAfterSeconds)), untilReady);
  return emptyReply(303, {
    Location: `/purchases/${record.id}`,
    'Retry-After': String(retryAfter),
    'Preference-Applied': formatPreferences(applied),
  });
}

/** POST /world/GB-eaw/titles/{title}/catalog: buy variables of a title. */
export function handlePurchase(request: IncomingMessage, body: Buffer, titleSegment: string, state: ServiceState): Reply {
  const principal = authenticate(request, state.tokens);
  if (isReply(principal)) return principal;
  const title = resolveTitle(titleSegment, state);
  if (isReply(title)) return title;
  const prefs = readPrefs(request, title, state);
  if (isReply(prefs)) return prefs;
  const requested = parsePurchaseEntity(request, body, title, state);
  if (isReply(requested)) return requested;
  const now = Date.now();
  const readyAt = dataReadyAt(principal, title.titleNumber, requested, state, now);
  const resultAt = prefs.minWait === undefined ? readyAt : Math.max(readyAt, now + prefs.minWait * 1000);
  const record = state.purchases.create({ principal, titleNumber: title.titleNumber, requested, createdAt: now, readyAt: resultAt });
  if (prefs.waitZero || prefs.minWait !== undefined || resultAt > now) return seeOther(record, prefs, state, now);
  // Available at once: the answer a synchronous completion gives, with where it lives from now on.
  return jsonReply(200, purchaseCollection(record, title, state), { 'Content-Location': `/purchases/${record.id}` }, jsonLd);
}
