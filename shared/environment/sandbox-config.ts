import { z } from 'zod';
import { sandboxBehaviourSchema } from './sandbox-behaviour.ts';

/** What `titledesk sandbox --print-config` prints as its first stdout line, and what startSandbox() returns. */
export const sandboxConfigSchema = z.object({
  baseUrl: z.url(),
  developer: z.object({ clientId: z.string().min(1), refreshToken: z.string().min(1) }),
  machine: z.object({ clientId: z.string().min(1), clientSecret: z.string().min(1) }),
  addressProvider: z.object({
    findUrl: z.url(),
    retrieveUrl: z.url(),
    key: z.string().min(1),
    keyWithoutMultiResidency: z.string().min(1),
    sampleQueries: z.array(z.string().min(1)).min(1),
    multiResidencyAddressId: z.string().min(1),
    /** A key per account error (out of credit, daily limit, …): Find and Retrieve answer with that error. */
    accountErrorKeys: z.array(z.object({ key: z.string().min(1), name: z.string().min(1), error: z.string().min(1), description: z.string() })),
  }),
  testTitles: z.array(z.string()).length(5),
  sampleTitles: z.array(z.string()).min(3),
  sampleVariables: z.array(z.string()).min(3),
  /** The catalog shape served and whether refresh tokens rotate, as started (the control API may change them). */
  behaviour: sandboxBehaviourSchema,
});

export type SandboxConfig = z.infer<typeof sandboxConfigSchema>;
