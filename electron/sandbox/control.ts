import type { IncomingMessage } from 'node:http';
import { faultRulesSchema, type FaultBook } from './faults.ts';
import { emptyReply, jsonReply, methodNotAllowed, notFound, problemReply, type Reply } from './http/reply.ts';
import type { PurchaseStore } from './purchases/purchase-store.ts';
import type { RequestLog } from './request-log.ts';

export interface ControlDeps {
  readonly faults: FaultBook;
  readonly log: RequestLog;
  readonly purchases: PurchaseStore;
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

/** The /_sandbox/ control API for tests and demos: log, stats, purchase timings and fault rules. */
export function handleControl(request: IncomingMessage, path: string, body: Buffer, deps: ControlDeps): Reply {
  const method = request.method ?? 'GET';
  switch (path) {
    case '/_sandbox/log':
      return method === 'GET' ? jsonReply(200, deps.log.entries()) : methodNotAllowed(['GET']);
    case '/_sandbox/purchases':
      return method === 'GET' ? jsonReply(200, deps.purchases.timings()) : methodNotAllowed(['GET']);
    case '/_sandbox/stats':
      return method === 'GET' ? jsonReply(200, deps.log.stats()) : methodNotAllowed(['GET']);
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
