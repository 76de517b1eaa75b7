import type { IncomingMessage } from 'node:http';
import { sandboxBehaviourChangeSchema } from '../../shared/environment/sandbox-behaviour.ts';
import { changeBehaviour } from './behaviour.ts';
import { faultRulesSchema, type FaultBook } from './faults.ts';
import { emptyReply, jsonReply, methodNotAllowed, notFound, problemReply, type Reply } from './http/reply.ts';
import type { PurchaseStore } from './purchases/purchase-store.ts';
import type { RequestLog } from './request-log.ts';
import type { ServiceState } from './service-state.ts';

export interface ControlDeps {
  readonly faults: FaultBook;
  readonly log: RequestLog;
  readonly purchases: PurchaseStore;
  readonly state: ServiceState;
}

/** PUT /_sandbox/behaviour: some of { catalogShape, rotateRefreshTokens }; answers the whole. */
function putBehaviour(body: Buffer, state: ServiceState): Reply {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return problemReply(422, 'Unprocessable Entity', 'The body must be a JSON object: { "catalogShape"?: "member" | "variables", "rotateRefreshTokens"?: boolean }.');
  }
  const parsed = sandboxBehaviourChangeSchema.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
    return problemReply(422, 'Unprocessable Entity', detail);
  }
  return jsonReply(200, { ...changeBehaviour(state, parsed.data), revokedTokenFamilies: state.refreshTokens.revokedFamilies() });
}

function putFaults(body: Buffer, faults: FaultBook): Reply {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return problemReply(422, 'Unprocessable Entity', 'The body must be a JSON array of fault rules.');
  }
  const parsed = faultRulesSchema.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
    return problemReply(422, 'Unprocessable Entity', detail);
  }
  faults.set(parsed.data);
  return jsonReply(200, faults.list());
}

/** The /_sandbox/ control API for tests and demos: log, stats, purchase timings, fault rules and behaviour. */
export function handleControl(request: IncomingMessage, path: string, body: Buffer, deps: ControlDeps): Reply {
  const method = request.method ?? 'GET';
  switch (path) {
    case '/_sandbox/log':
      return method === 'GET' ? jsonReply(200, deps.log.entries()) : methodNotAllowed(['GET']);
    case '/_sandbox/purchases':
      return method === 'GET' ? jsonReply(200, deps.purchases.timings()) : methodNotAllowed(['GET']);
    case '/_sandbox/stats':
      return method === 'GET' ? jsonReply(200, deps.log.stats()) : methodNotAllowed(['GET']);
    case '/_sandbox/behaviour':
      if (method === 'GET') return jsonReply(200, { ...deps.state.behaviour, revokedTokenFamilies: deps.state.refreshTokens.revokedFamilies() });
      if (method === 'PUT') return putBehaviour(body, deps.state);
      return methodNotAllowed(['GET', 'PUT']);
    case '/_sandbox/faults':
      if (method === 'GET') return jsonReply(200, deps.faults.list());
      if (method === 'PUT') return putFaults(body, deps.faults);
      if (method === 'DELETE') {
        deps.faults.set([]);
        return emptyReply(204);
      }
      return methodNotAllowed(['GET', 'PUT', 'DELETE']);
    default:
      return notFound();
  }
}
