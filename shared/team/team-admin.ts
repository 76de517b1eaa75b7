import { z } from 'zod';
import { deskRoleNameSchema } from './team-status.ts';

/**
 * What a desk sees of its team's administration (settings, limits, desks, purchases waiting for
 * release) and the changes it may ask for. The team database decides who may make each change:
 * budgets, settings and desks need an admin desk; a release needs support or an admin.
 */

export type TeamDeskRole = z.infer<typeof deskRoleNameSchema>;

export interface TeamAdminOverview {
  readonly desk: { readonly name: string; readonly role: TeamDeskRole };
  readonly team: { readonly name: string; readonly reuseWindowSeconds: number; readonly claimTimeoutSeconds: number; readonly timeZone: string };
  /** Decimal strings: money is never a float. */
  readonly limits: readonly { readonly currency: string; readonly period: 'day' | 'month'; readonly limit: string }[];
  readonly desks: readonly { readonly name: string; readonly role: TeamDeskRole; readonly active: boolean }[];
  /** The database's clock when this was read: a release time is compared with it, never with this computer's. */
  readonly clock: DatabaseClock;
  /** The team's purchases still "submitting": begun, and their desk has not reported since. Oldest first. */
  readonly waiting: readonly {
    readonly purchaseId: string;
    readonly desk: string;
    readonly resourceKind: 'title' | 'address' | 'spatial';
    readonly resource: string;
    readonly variables: readonly string[];
    /** Milliseconds since the epoch, by the database's clock. */
    readonly lastReportAt: number;
    /** lastReportAt plus the team's claim timeout: from then on support or an admin may release it. */
    readonly releasableAt: number;
  }[];
}

/** One reading of the database's clock: its now(), and this computer's clock when the answer came (ms since the epoch). */
export interface DatabaseClock {
  readonly databaseNow: number;
  readonly readAt: number;
}

/**
 * The database's time at `localNow` (this computer's clock): its now() at the reading plus what
 * has passed here since, so a desk whose clock is off still judges by the database's.
 */
export function databaseTimeAt(clock: DatabaseClock, localNow: number): number {
  return clock.databaseNow + (localNow - clock.readAt);
}

/** Whether support or an admin may release a waiting purchase at `localNow`, by the database's clock. */
export function isReleasable(item: { readonly releasableAt: number }, clock: DatabaseClock, localNow: number): boolean {
  return item.releasableAt <= databaseTimeAt(clock, localNow);
}

export type TeamAdminChange =
  | { kind: 'budget'; currency: string; period: 'day' | 'month'; limit: string | null }
  | { kind: 'settings'; reuseWindowSeconds?: number; claimTimeoutSeconds?: number; timeZone?: string }
  | { kind: 'desk'; name: string; role?: TeamDeskRole; active?: boolean }
  | { kind: 'release'; purchaseId: string };

/** The longest reuse window: ten years. A longer one is a typing mistake, not a policy. */
export const maxReuseWindowSeconds = 10 * 365 * 24 * 3600;
/** The longest claim timeout: thirty days. A dead desk's claims must come free within a month. */
export const maxClaimTimeoutSeconds = 30 * 24 * 3600;

/** A time zone the runtime's Intl knows (IANA names such as Europe/London, and UTC). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}


/** As "titledesk team add-desk" accepts a name: 1 to 100 characters, no control characters. */
const deskName = z.string().trim().min(1, 'a desk name is 1 to 100 characters').max(100, 'a desk name is 1 to 100 characters')
  .refine((name) => !/\p{Cc}/u.test(name), 'a desk name has no control characters');

const seconds = (max: number, min: number, what: string) => z.number()
  .int(`${what} is a whole number of seconds`)
  .min(min, `${what} is at least ${String(min)} s`)
  .max(max, `${what} is at most ${String(max)} s`);

export const teamAdminChangeSchema: z.ZodType<TeamAdminChange> = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('budget'),
    currency: z.string().regex(/^[A-Z]{3}$/, 'a currency is three capital letters, such as GBP'),
    period: z.enum(['day', 'month']),
    limit: z.string().regex(/^\d{1,16}(\.\d{1,4})?$/, 'a limit is a decimal amount with at most 4 places, such as 250.00').nullable(),
  }),
  z.strictObject({
    kind: z.literal('settings'),
    reuseWindowSeconds: seconds(maxReuseWindowSeconds, 0, 'the reuse window').optional(),
    // The database requires a claim timeout above zero: a claim must be held while its POST travels.
    claimTimeoutSeconds: seconds(maxClaimTimeoutSeconds, 1, 'the claim timeout').optional(),
    timeZone: z.string().refine(isTimeZone, 'not a time zone this computer knows (an IANA name such as Europe/London)').optional(),
  }).refine((change) => change.reuseWindowSeconds !== undefined || change.claimTimeoutSeconds !== undefined || change.timeZone !== undefined,
    'say what to change: the reuse window, the claim timeout or the time zone'),
  z.strictObject({
    kind: z.literal('desk'),
    name: deskName,
    role: deskRoleNameSchema.optional(),
    active: z.boolean().optional(),
  }).refine((change) => change.role !== undefined || change.active !== undefined, "say what to change: the desk's role or whether it is active"),
  z.strictObject({
    kind: z.literal('release'),
    purchaseId: z.string().regex(/^\d{1,19}$/, 'a team purchase id is digits'),
  }),
]);
