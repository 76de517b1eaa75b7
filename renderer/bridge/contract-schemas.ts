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
import { appErrorSchema } from '../../shared/errors.ts';

/**
 * The contract's schemas seen through a mapped type, so that a lookup with a generic channel
 * yields that channel's own schema type. The assignments are checked channel by channel.
 */
export const responseSchemas: { readonly [C in RequestChannel]: { readonly response: z.ZodType<ResponseOf<C>> } } = requestChannels;

export const eventSchemas: { readonly [E in EventChannel]: z.ZodType<EventOf<E>> } = eventChannels;

export type SecretName = z.infer<typeof secretNameSchema>;

/** A host's answer on a channel: a Result whose data must match that channel's response schema. */
export function resultSchemaFor<C extends RequestChannel>(channel: C): z.ZodType<Result<ResponseOf<C>>> {
  const data = responseSchemas[channel].response;
  return z.union([z.object({ ok: z.literal(true), data }), z.object({ ok: z.literal(false), error: appErrorSchema })]);
}
