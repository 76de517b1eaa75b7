import type { TitleDeskApi } from '../../shared/contract/api.ts';
import type { RequestChannel, RequestOf, ResponseOf } from '../../shared/contract/channels.ts';
import type { Result } from '../../shared/contract/result.ts';
import { AppError } from './app-error.ts';

type RequestFunctions = { readonly [C in RequestChannel]: (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>> };

/** Calls a channel and unwraps its Result: the data, or an AppError thrown with the code. */
export async function call<C extends RequestChannel>(api: TitleDeskApi, channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  // Seen through the mapped type, a generic channel's function keeps its own request type.
  const functions: RequestFunctions = api;
  const result = await functions[channel](request);
  if (!result.ok) throw new AppError(result.error);
  return result.data;
}
