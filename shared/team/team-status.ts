import { z } from 'zod';

/** What Settings → Team's "Test connection" and the header show of the team database. */

export const deskRoleNameSchema = z.enum(['analyst', 'support', 'admin']);

/** Why a test failed, so the form can say what to fix; the message says it in words. */
export const teamProblemSchema = z.enum(['invalid', 'unreachable', 'password', 'tls', 'schema', 'not-a-desk', 'other']);
export type TeamProblem = z.infer<typeof teamProblemSchema>;

/**
 * Why a desk cannot use its team database, for the headline (team-away-words.ts): not reached (or
 * gone away), a server that does not offer the TLS the URL demands, a certificate refused (another
 * CA, or another host name), a team setting that cannot be used (its CA file unreadable), the
 * desk's password refused, a login that is no longer an active desk, or a team schema newer or
 * older than this TitleDesk's. The reason beside it says the rest in words. New values go at the
 * end: the ones before are what older cores send.
 */
export const teamAwaySchema = z.enum(['unreachable', 'tls-not-offered', 'certificate', 'setting', 'password', 'not-a-desk', 'schema-newer', 'schema-older']);
export type TeamAway = z.infer<typeof teamAwaySchema>;

export const teamBudgetViewSchema = z.object({
  currency: z.string(),
  period: z.enum(['day', 'month']),
  periodStart: z.string(),
  /** Decimal strings: money is never a float. Null limit: none. */
  limit: z.string().nullable(),
  spent: z.string(),
});

export const teamTestResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** postgres://login@host:port/database (TLS mode): never the password. */
    database: z.string(),
    desk: z.object({ name: z.string(), role: deskRoleNameSchema }),
    team: z.object({ name: z.string(), reuseWindowSeconds: z.number(), claimTimeoutSeconds: z.number(), timeZone: z.string() }),
    schemaVersion: z.number().int(),
    budgets: z.array(teamBudgetViewSchema),
    /** This desk's purchases the team database has not seen settle yet (sent and followed, or answers still to write). */
    unsettled: z.number().int().nonnegative(),
  }),
  z.object({
    ok: z.literal(false),
    problem: teamProblemSchema,
    message: z.string(),
    database: z.string().optional(),
    /** The headline's why, as a running desk's header would say it; absent from an older core. */
    away: teamAwaySchema.optional(),
    /** The team database's schema version, when that is why. */
    schemaVersion: z.number().int().optional(),
  }),
]);
export type TeamTestResult = z.infer<typeof teamTestResultSchema>;

/**
 * The app's link to the team database: off (no team), connected, or unreachable since a time with
 * why and the reason (new purchases are then refused), and the desk's answers not yet synced.
 */
export const teamLinkStatusSchema = z.object({
  state: z.enum(['off', 'starting', 'connected', 'unreachable']),
  database: z.string().optional(),
  desk: z.string().optional(),
  role: deskRoleNameSchema.optional(),
  team: z.string().optional(),
  /** Epoch ms: unreachable since. */
  since: z.number().optional(),
  reason: z.string().optional(),
  /** Why, while unreachable; absent is "unreachable" (a core before this field). */
  away: teamAwaySchema.optional(),
  /** The team database's schema version, while away for it (schema-newer, schema-older). */
  schemaVersion: z.number().int().optional(),
  pendingSync: z.number().int().nonnegative().optional(),
});
export type TeamLinkStatus = z.infer<typeof teamLinkStatusSchema>;
