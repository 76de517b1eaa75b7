import { z } from 'zod';
import { environmentIdSchema } from './environment.ts';
import { errorCodeSchema } from '../errors/errors.ts';
import { providerErrorDetailSchema } from '../errors/provider-errors.ts';

/** The production Data Purchase Service, offered as a preset when adding an environment. */
export const productionBaseUrl = 'https://api.whenfresh.com';

/** One step of a connection or key test, in plain words, with how long it took. */
export const testStepSchema = z.object({
  step: z.enum(['discovery', 'token', 'find', 'retrieve']),
  ok: z.boolean(),
  /** Milliseconds the step took; 0 when it was not attempted. */
  ms: z.number().int().min(0),
  summary: z.string(),
  /** The RFC 6749 §5.2 error code when the identity provider rejected a credential. */
  oauthError: z.string().optional(),
});
export type TestStep = z.infer<typeof testStepSchema>;

export const connectionTestSchema = z.object({
  environmentId: environmentIdSchema,
  ok: z.boolean(),
  steps: z.array(testStepSchema),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

export const providerKeyTestSchema = z.object({
  environmentId: environmentIdSchema,
  ok: z.boolean(),
  steps: z.array(testStepSchema),
  /** The provider's own error text (Description, then Resolution), when it refused. */
  providerError: z.string().optional(),
  /** Which refusal it was (provider_out_of_credit, …) with the provider's item, so the UI can name it. */
  refusal: z.object({ code: errorCodeSchema, provider: providerErrorDetailSchema }).optional(),
  /** Whether the account returns UMRRNs; 'unknown' until an address with one is retrieved. */
  umrrn: z.enum(['yes', 'no', 'unknown']),
});
export type ProviderKeyTest = z.infer<typeof providerKeyTestSchema>;
