import { z } from 'zod';
import {
  eventChannels,
  requestChannels,
  type EventChannel,
  type EventOf,
  type RequestChannel,
  type ResponseOf,
  type secretNameSchema,
} from '../../shared/contract/channels.ts';
import type { Result } from '../../shared/contract/result.ts';
import { appErrorSchema } from '../../shared/errors/errors.ts';

/**
 * The contract's schemas seen through a mapped type, so that a lookup with a generic channel
 * yields that channel's own schema type. The assignments are checked channel by channel.
 */
export const responseSchemas: { readonly [C in RequestChannel]: { readonly response: z.ZodType<ResponseOf<C>> } } = requestChannels;

export const eventSchemas: { readonly [E in EventChannel]: z.ZodType<EventOf<E>> } = eventChannels;

export type SecretName = z.infer<typeof secretNameSchema>;

const failureSchema = z.object({ ok: z.literal(false), error: appErrorSchema });
const resultSchemas: { [C in RequestChannel]?: z.ZodType<Result<ResponseOf<C>>> } = {};

/**
 * A host's answer on a channel: a Result whose data must match that channel's response schema.
 * Built once per channel: building the union anew cost about 15 times the parse, on every call.
 */
export function resultSchemaFor<C extends RequestChannel>(channel: C): z.ZodType<Result<ResponseOf<C>>> {
  const known = resultSchemas[channel];
  if (known !== undefined) return known;
  const schema: z.ZodType<Result<ResponseOf<C>>> = z.union([z.object({ ok: z.literal(true), data: responseSchemas[channel].response }), failureSchema]);
  // TypeScript cannot check a write through a generic key into a mapped type; the read above can.
  Object.assign(resultSchemas, { [channel]: schema });
  return schema;
}
