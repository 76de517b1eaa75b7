import { z } from 'zod';
import { environmentIdSchema } from '../environment/environment.ts';
import { moneySchema } from '../purchase/purchase.ts';

export const currencySchema = z.string().trim().min(1).max(10).regex(/^[A-Z0-9]+$/, 'A currency code, e.g. GBP.');
const amountSchema = z.number().nonnegative().max(1e12);
/** Amounts per currency code, e.g. {"GBP": 50}. A currency without an entry has no limit. */
export const amountsSchema = z.record(currencySchema, amountSchema);
export type Amounts = z.infer<typeof amountsSchema>;

/** The spending guard of one environment (the built-in Sandbox has one too, so demos show it). */
export const spendingSettingsSchema = z.object({
  /** A purchase costing more than this asks for a second, explicit confirmation. */
  confirmAbove: amountsSchema,
  /** Budgets per calendar day and month (local time) per currency. */
  daily: amountsSchema,
  monthly: amountsSchema,
});
export type SpendingSettings = z.infer<typeof spendingSettingsSchema>;

export const emptySpendingSettings: SpendingSettings = { confirmAbove: {}, daily: {}, monthly: {} };

/** Buying at scale: never paying twice, and how many purchases a batch keeps in flight. */
export const purchasingSettingsSchema = z.object({
  /** A variable of a title bought and available within this many days is reused, not bought again (0: never reuse). */
  reuseDays: z.number().int().min(0).max(3650),
  /** Purchases of one batch in flight at once (POST until settled). */
  batchConcurrency: z.number().int().min(1).max(64),
  /** Per environment id. */
  spending: z.record(environmentIdSchema, spendingSettingsSchema),
});
export type PurchasingSettings = z.infer<typeof purchasingSettingsSchema>;

export const defaultPurchasingSettings: PurchasingSettings = { reuseDays: 30, batchConcurrency: 4, spending: {} };

/** Money spent (returned prices, plus catalog prices of purchases not yet known) and what remains. */
export const spendingStatusSchema = z.object({
  environmentId: environmentIdSchema,
  settings: spendingSettingsSchema,
  spentToday: z.array(moneySchema),
  spentThisMonth: z.array(moneySchema),
  /** Only currencies with a budget appear; the smaller of the day's and the month's remainder. */
  remainingToday: z.array(moneySchema),
  remainingThisMonth: z.array(moneySchema),
  reuseDays: z.number().int(),
  batchConcurrency: z.number().int(),
});
export type SpendingStatus = z.infer<typeof spendingStatusSchema>;

/** Spend per day and per month for History. */
export const spendingHistorySchema = z.object({
  days: z.array(z.object({ day: z.string(), spent: z.array(moneySchema) })),
  months: z.array(z.object({ month: z.string(), spent: z.array(moneySchema) })),
});
export type SpendingHistory = z.infer<typeof spendingHistorySchema>;
