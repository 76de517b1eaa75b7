import type { TitleDeskApi } from '../../shared/contract/api.ts';
import type { RequestChannel, RequestOf, ResponseOf } from '../../shared/contract/channels.ts';
import type { Result } from '../../shared/contract/result.ts';
import type { EarlyRequest } from '../boot/early-request.ts';
import { requestFunctions, type Invoke } from './api-from-invoke.ts';
import { eventSchemas, resultSchemaFor } from './contract-schemas.ts';

type Functions = { readonly [C in RequestChannel]: (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>> };

/**
 * Wraps a host-provided window.api (the Electron preload) so that what crosses the bridge is
 * checked against the contract here too, exactly as the web bridge checks the HTTP host.
 * A call that throws (IPC torn down) becomes a Result rather than an unhandled rejection.
 * `early`: a call made before this wrapper existed, whose answer the first call on its channel takes.
 */
export function checkedApi(api: TitleDeskApi, early?: EarlyRequest<unknown>): TitleDeskApi {
  const functions: Functions = api;
  const invoke: Invoke = async (channel, request) => {
    let raw: unknown;
    try {
      raw = await (early?.answerFor(channel, request) ?? functions[channel](request));
    } catch (error) {
      return { ok: false, error: { code: 'internal', message: error instanceof Error ? error.message : String(error) } };
    }
    const parsed = resultSchemaFor(channel).safeParse(raw);
    return parsed.success ? parsed.data : { ok: false, error: { code: 'protocol', message: `The answer on ${channel} did not match the contract.` } };
  };
  return {
    ...requestFunctions(invoke),
    on: (event, listener) =>
      api.on(event, (payload: unknown) => {
        const parsed = eventSchemas[event].safeParse(payload);
        if (parsed.success) listener(parsed.data);
      }),
  };
}
