import type { TitleDeskApi } from '../../shared/contract/api.ts';
import type { EventChannel, EventOf, RequestChannel, RequestOf, ResponseOf } from '../../shared/contract/channels.ts';
import type { Result } from '../../shared/contract/result.ts';
import type { AppErrorData } from '../../shared/errors/errors.ts';
import type { EarlyRequest } from '../boot/early-request.ts';
import { requestFunctions } from './api-from-invoke.ts';
import { eventSchemas, resultSchemaFor } from './contract-schemas.ts';
import { EventStream } from './event-stream.ts';
import { launchKeyHeader, postInvoke } from './host-request.ts';

export interface WebBridgeOptions {
  /** The per-launch secret; undefined when the page was opened without it. */
  readonly launchKey: string | undefined;
  readonly fetch: typeof fetch;
  /** The host's origin, '' for the page's own. */
  readonly origin?: string;
  /** A request main.tsx sent before the bridge existed: the first call on its channel takes its answer. */
  readonly early?: EarlyRequest<Response> | undefined;
}

function failure(error: AppErrorData): Result<never> {
  return { ok: false, error };
}

const missingKey = failure({
  code: 'launch_key',
  message: 'This page was opened without its launch key. Open the address that "titledesk web" printed.',
});

function statusFailure(status: number): Result<never> {
  if (status === 401) return failure({ code: 'launch_key', message: 'The host refused the launch key. Open the address that "titledesk web" printed.' });
  if (status === 403) return failure({ code: 'launch_key', message: 'The host refused this page (foreign host or origin).' });
  return failure({ code: 'protocol', message: `The host answered HTTP ${status}.` });
}

/**
 * window.api over the browser-mode host: POST /api/invoke/<channel> for requests and a
 * server-sent event stream for events. The renderer does not trust the transport either, so
 * every response and event is parsed with the contract's schema before use.
 */
export function createWebBridge(options: WebBridgeOptions): TitleDeskApi {
  const origin = options.origin ?? '';
  const { launchKey } = options;
  const host = launchKey === undefined ? undefined : { fetch: options.fetch, origin, launchKey };
  const headers = launchKey === undefined ? undefined : { [launchKeyHeader]: launchKey };

  async function invoke<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<Result<ResponseOf<C>>> {
    if (host === undefined) return missingKey;
    let response: Response;
    try {
      response = await (options.early?.answerFor(channel, request) ?? postInvoke(host, channel, request));
    } catch {
      return failure({ code: 'network', message: 'TitleDesk could not reach its host process. Is "titledesk web" still running?' });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return statusFailure(response.status);
    }
    const parsed = resultSchemaFor(channel).safeParse(body);
    if (parsed.success) return parsed.data;
    if (!response.ok) return statusFailure(response.status);
    return failure({ code: 'protocol', message: `The host's answer on ${channel} did not match the contract.` });
  }

  const stream = new EventStream({
    open: async (signal) => {
      if (headers === undefined) throw new Error('no launch key');
      return options.fetch(`${origin}/api/events`, { headers: { ...headers, accept: 'text/event-stream' }, signal });
    },
  });

  function on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void {
    const schema = eventSchemas[event];
    return stream.subscribe(event, (data) => {
      let raw: unknown;
      try {
        raw = JSON.parse(data);
      } catch {
        return;
      }
      const parsed = schema.safeParse(raw);
      if (parsed.success) listener(parsed.data);
    });
  }

  return { ...requestFunctions(invoke), on };
}
