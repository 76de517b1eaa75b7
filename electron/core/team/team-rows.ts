import { z } from 'zod';
import { purchaseStateSchema } from '../../../shared/purchase/purchase.ts';
import { CoreError } from '../errors.ts';

/**
 * Every row and function answer from the team database, parsed at the boundary. Ids, sequence
 * numbers and money arrive as text: bigint and numeric(20,4) stay exact, never a float.
 */
const idText = z.string().regex(/^\d+$/, 'an id is digits');
export const moneyText = z.string().regex(/^\d{1,16}(\.\d{1,4})?$/, 'an amount is a decimal with at most 4 places');

export const deskRoleSchema = z.enum(['analyst', 'support', 'admin']);
export type DeskRole = z.infer<typeof deskRoleSchema>;
export const resourceKindSchema = z.enum(['title', 'address', 'spatial']);
export type ResourceKind = z.infer<typeof resourceKindSchema>;

export const deskRowSchema = z.object({
  id: idText,
  teamId: idText,
  name: z.string(),
  role: deskRoleSchema,
  loginRole: z.string(),
  active: z.boolean(),
});
export type TeamDesk = z.infer<typeof deskRowSchema>;

export const teamSettingsSchema = z.object({
  id: idText,
  name: z.string(),
  reuseWindowSeconds: z.number().int().nonnegative(),
  claimTimeoutSeconds: z.number().int().positive(),
  timeZone: z.string(),
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;

export const teamPurchaseSchema = z.object({
  id: idText,
  deskId: idText,
  deskName: z.string(),
  environment: z.string(),
  localId: z.string(),
  resourceKind: resourceKindSchema,
  resource: z.string(),
  variables: z.array(z.string()),
  prices: z.array(moneyText),
  state: purchaseStateSchema,
  cost: moneyText,
  currency: z.string(),
  answers: z.unknown(),
  servicePurchaseId: z.string().nullable(),
  accepted: z.boolean(),
  budgetReleased: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
  settledAt: z.date().nullable(),
  seq: idText,
});
export type TeamPurchase = z.infer<typeof teamPurchaseSchema>;

export const budgetRowSchema = z.object({
  currency: z.string(),
  period: z.enum(['day', 'month']),
  periodStart: z.string(),
  limit: moneyText.nullable(),
  spent: moneyText,
});
export type TeamBudgetRow = z.infer<typeof budgetRowSchema>;

/** One desk of the team as every desk may see it (row-level security): no login names. */
export const teamDeskEntrySchema = z.object({ name: z.string(), role: deskRoleSchema, active: z.boolean() });
export type TeamDeskEntry = z.infer<typeof teamDeskEntrySchema>;

/** A purchase still "submitting": its desk began it and has not reported since. Times by the database's clock. */
export const waitingClaimSchema = z.object({
  purchaseId: idText,
  desk: z.string(),
  resourceKind: resourceKindSchema,
  resource: z.string(),
  variables: z.array(z.string()),
  lastReportAt: z.date(),
  releasableAt: z.date(),
});
export type WaitingClaim = z.infer<typeof waitingClaimSchema>;

export const budgetLimitSchema = z.object({ currency: z.string(), period: z.enum(['day', 'month']), limit: moneyText });
export type TeamBudgetLimit = z.infer<typeof budgetLimitSchema>;

const heldSchema = z.object({
  variable: z.string(),
  purchaseId: idText,
  state: purchaseStateSchema,
  desk: z.string(),
  servicePurchaseId: z.string().nullable(),
  claimedAt: z.string(),
});
export type HeldVariable = z.infer<typeof heldSchema>;

const begunSchema = z.object({
  purchaseId: idText,
  state: purchaseStateSchema,
  cost: moneyText,
  currency: z.string(),
  variables: z.array(z.string()),
  seq: idText,
});

/**
 * What begin_purchase decided: `begun` (buy `purchase.variables`, the rest are in `held`),
 * `existing` (this local id already began: a repeated call), `all_held` (every variable is being
 * bought or was bought within the reuse window) or `budget_refused` (nothing was claimed).
 */
export const beginResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('begun'), purchase: begunSchema, held: z.array(heldSchema) }),
  z.object({ outcome: z.literal('existing'), purchase: begunSchema, held: z.array(heldSchema) }),
  z.object({ outcome: z.literal('all_held'), held: z.array(heldSchema) }),
  z.object({
    outcome: z.literal('budget_refused'),
    refusal: z.object({ period: z.enum(['day', 'month']), periodStart: z.string(), currency: z.string(), cost: moneyText, limit: moneyText, spent: moneyText }),
  }),
]);
export type TeamBeginResult = z.infer<typeof beginResultSchema>;

/** Reads one row (or function answer) or says which field broke the contract. */
export function parseTeamRow<T>(schema: z.ZodType<T>, row: unknown, what: string): T {
  const parsed = schema.safeParse(row);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new CoreError('protocol', `The team database sent ${what} TitleDesk cannot read (${issue === undefined ? 'unknown' : `${issue.path.join('.')}: ${issue.message}`})`);
}
