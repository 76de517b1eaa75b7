import { z } from 'zod';

/** Only http(s) URLs: anything else (file:, javascript:) would be a hostile or mistyped base. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.hostname, error: 'Must be an http:// or https:// URL.' }));

export const authModeSchema = z.enum(['developer', 'machine']);
export type AuthMode = z.infer<typeof authModeSchema>;

/**
 * What sort of service an environment is, as the user says: only Live purchases are real and
 * charged (the red badge, the warning in the confirmation). Staging and Local are test services.
 */
export const environmentKindSchema = z.enum(['live', 'staging', 'local']);
export type EnvironmentKind = z.infer<typeof environmentKindSchema>;

export const environmentIdSchema = z.string().min(1).max(64).regex(/^[a-z0-9][a-z0-9-]*$/);

/** An environment as settings store it and the UI shows it: never any secret. */
export const environmentSchema = z.object({
  id: environmentIdSchema,
  name: z.string().trim().min(1).max(100),
  baseUrl: httpUrlSchema,
  authMode: authModeSchema,
  /** The fixed developer client id is not a secret, so it may live with the environment. */
  developerClientId: z.string().trim().max(200).optional(),
  findUrl: httpUrlSchema.optional(),
  retrieveUrl: httpUrlSchema.optional(),
  /**
   * Take this environment's credentials from the process environment variables (WF_CLIENT_ID,
   * WF_CLIENT_SECRET, WF_REFRESH_TOKEN, …). Only environments marked so ever see them: a
   * credential must never reach the token endpoint of a service it was not issued for.
   */
  credentialsFromEnvironment: z.boolean().optional(),
  builtIn: z.boolean().optional(),
  /** Absent in settings saved before kinds existed: see environmentKindOf. */
  kind: environmentKindSchema.optional(),
});
export type Environment = z.infer<typeof environmentSchema>;

/** shared/ has neither the DOM's nor Node's URL: the host is read from the (already validated) URL text. */
const loopbackBase = /^https?:\/\/(?:[^@/]*@)?(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?(\/|$)/i;

/**
 * The kind an environment is treated as: the built-in Sandbox is its own; one the user did not
 * classify is Local on a loopback address and Live anywhere else (the cautious default).
 */
export function environmentKindOf(environment: Pick<Environment, 'builtIn' | 'kind' | 'baseUrl'>): EnvironmentKind | 'sandbox' {
  if (environment.builtIn === true) return 'sandbox';
  if (environment.kind !== undefined) return environment.kind;
  return loopbackBase.test(environment.baseUrl) ? 'local' : 'live';
}

/** What the user types to add or edit an environment; the id is assigned by core. */
export const environmentInputSchema = environmentSchema.omit({ id: true, builtIn: true });
export type EnvironmentInput = z.infer<typeof environmentInputSchema>;

/** Where an environment's credentials live, or 'missing' when it has none. */
export const credentialSourceSchema = z.enum(['stored', 'session', 'environment', 'missing']);
export type CredentialSource = z.infer<typeof credentialSourceSchema>;

/** Authentication as the UI may see it: a state, never a token. */
export const authStateSchema = z.object({
  environmentId: environmentIdSchema,
  mode: authModeSchema,
  signedIn: z.boolean(),
  /** Epoch milliseconds when the current access token expires; null when there is none. */
  expiresAt: z.number().nullable().optional(),
  credentials: credentialSourceSchema,
  /**
   * The identity provider replaced the refresh token and the new one could not be stored: it is
   * used from memory and storing it is retried, but it would be lost if TitleDesk quit now.
   */
  refreshTokenUnsaved: z.boolean().optional(),
});
export type AuthState = z.infer<typeof authStateSchema>;

/** How core talks to every environment; the user may tune these under Advanced. */
export const advancedSettingsSchema = z.object({
  /** A new token at least this often, whatever its lifetime (the interface: about 60 minutes). */
  tokenRefreshMinutes: z.number().int().min(1).max(24 * 60),
  /** A new token this long before the current one expires. */
  tokenMarginSeconds: z.number().int().min(0).max(3600),
  /** Connections per origin; further requests wait their turn. */
  maxConcurrentRequests: z.number().int().min(1).max(256),
  /** Attempts in all when the identity provider or the network fails transiently. */
  backoffMaxAttempts: z.number().int().min(1).max(10),
  backoffBaseMs: z.number().int().min(10).max(60_000),
  backoffMaxMs: z.number().int().min(100).max(600_000),
  /** Result checks failing in a row (500, 503, 504, network) before a purchase is marked failed. */
  pollMaxAttempts: z.number().int().min(1).max(20),
  pollBackoffBaseMs: z.number().int().min(100).max(60_000),
  pollBackoffMaxMs: z.number().int().min(1_000).max(3_600_000),
  /**
   * A purchase that was never sent when TitleDesk stopped is sent on the next start if that is
   * within this many minutes of the click; older ones wait for "Send now". 0 never sends them.
   */
  autoSendNotSentMinutes: z.number().int().min(0).max(24 * 60),
});
export type AdvancedSettings = z.infer<typeof advancedSettingsSchema>;

export const defaultAdvancedSettings: AdvancedSettings = {
  tokenRefreshMinutes: 60,
  tokenMarginSeconds: 60,
  maxConcurrentRequests: 16,
  backoffMaxAttempts: 4,
  backoffBaseMs: 250,
  backoffMaxMs: 5_000,
  pollMaxAttempts: 6,
  pollBackoffBaseMs: 1_000,
  pollBackoffMaxMs: 60_000,
  autoSendNotSentMinutes: 10,
};
