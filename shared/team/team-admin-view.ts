import { z } from 'zod';
import { deskRoleNameSchema, teamBudgetViewSchema } from './team-status.ts';

/**
 * Settings → Team's "Team" panel: the team's overview (team-admin.ts's TeamAdminOverview) as the
 * window gets it, each budget with what is spent in its running day or month. Never a password.
 */
export const teamAdminViewSchema = z.object({
  desk: z.object({ name: z.string(), role: deskRoleNameSchema }),
  team: z.object({ name: z.string(), reuseWindowSeconds: z.number().int(), claimTimeoutSeconds: z.number().int(), timeZone: z.string() }),
  budgets: z.array(teamBudgetViewSchema),
  desks: z.array(z.object({ name: z.string(), role: deskRoleNameSchema, active: z.boolean() })),
  /** Purchases begun whose desk has not reported since, oldest first; epoch ms. */
  waiting: z.array(
    z.object({
      purchaseId: z.string(),
      desk: z.string(),
      resourceKind: z.enum(['title', 'address', 'spatial']),
      resource: z.string(),
      variables: z.array(z.string()),
      lastReportAt: z.number(),
      releasableAt: z.number(),
    }),
  ),
  /** The database's clock when read (team-admin.ts's DatabaseClock): release times are compared with it. */
  clock: z.object({ databaseNow: z.number(), readAt: z.number() }),
});
export type TeamAdminView = z.infer<typeof teamAdminViewSchema>;
export type TeamAdminWaiting = TeamAdminView['waiting'][number];
