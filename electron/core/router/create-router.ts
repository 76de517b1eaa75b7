import { z } from 'zod';
import {
  isRequestChannel,
  requestChannels,
  type ParsedRequestOf,
  type RequestChannel,
  type ResponseOf,
} from '../../../shared/contract/channels.ts';
import { fail, ok, type Result } from '../../../shared/contract/result.ts';
import { toErrorData } from '../errors.ts';
import { asDataFolderError } from '../files/disk-full.ts';
import type { ContractRouter } from './router-types.ts';

export type ContractHandlers = {
  readonly [C in RequestChannel]: (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>>;
};

const maxMessageLength = 500;

function describeIssues(error: z.ZodError): string {
  const text = z.prettifyError(error).replace(/\s*\n\s*/g, '; ');
  return text.length > maxMessageLength ? `${text.slice(0, maxMessageLength)}…` : text;
}

async function call<C extends RequestChannel>(handlers: ContractHandlers, channel: C, payload: unknown): Promise<Result<ResponseOf<C>>> {
  const spec = requestChannels[channel];
  const request = spec.request.safeParse(payload);
  if (!request.success) return fail({ code: 'validation', message: `Invalid ${channel} request: ${describeIssues(request.error)}` });
  const handler: (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> = handlers[channel];
  const data = await handler(request.data as ParsedRequestOf<C>);
  // Responses are parsed too: object schemas drop keys a handler should never have returned.
  const response = spec.response.safeParse(data);
  if (!response.success) return fail({ code: 'internal', message: `TitleDesk produced an invalid ${channel} response.` });
  return ok(response.data as ResponseOf<C>);
}

/**
 * The one router every host uses: unknown channel and payload in, a parsed call out, and
 * {ok, data} or {ok: false, error: {code, message}} back. It never throws. `dataDir`: a full disk
 * is answered as a data-folder error naming it, not as an internal one.
 */
export function createRouter(handlers: ContractHandlers, options: { readonly dataDir?: string } = {}): ContractRouter {
  return {
    async dispatch(channel, payload) {
      if (!isRequestChannel(channel)) return fail({ code: 'validation', message: `Unknown channel "${channel.slice(0, 64)}".` });
      try {
        return await call(handlers, channel, payload);
      } catch (error) {
        return fail(toErrorData(options.dataDir === undefined ? error : asDataFolderError(error, options.dataDir)));
      }
    },
  };
}
