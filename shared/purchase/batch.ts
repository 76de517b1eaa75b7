import { z } from 'zod';
import { moneySchema, purchaseResourceSchema } from './purchase.ts';

/** Which titles of an address a batch buys (chosen once for the whole batch). */
export const batchTenureSchema = z.enum(['all', 'freehold', 'leasehold']);
export type BatchTenure = z.infer<typeof batchTenureSchema>;

/**
 * Which catalog a batch buys from for each row (chosen once for the whole batch): the titles of
 * its address (as before), the postal address's own catalog, or its UPRN's (spatial address).
 * Rows with only a title number buy from that title whatever is chosen.
 */
export const batchFromSchema = z.enum(['titles', 'address', 'uprn']);
export type BatchFrom = z.infer<typeof batchFromSchema>;

/**
 * One line of a batch: an input row, or one title of it (an address may hold a freehold and a
 * leasehold). queued → sending → pending → available | failed | unknown; refused and reused
 * are decided at preview; cancelled when the batch was cancelled before the line was sent.
 */
export const batchItemStates = ['queued', 'sending', 'pending', 'available', 'reused', 'refused', 'failed', 'unknown', 'cancelled'] as const;
export const batchItemStateSchema = z.enum(batchItemStates);
export type BatchItemState = z.infer<typeof batchItemStateSchema>;

export const reusedValueSchema = z.object({
  value: z.string(),
  price: moneySchema,
  purchaseId: z.string().nullable(),
  /** When the earlier purchase was made (epoch ms). */
  boughtAt: z.number(),
});
export type ReusedValue = z.infer<typeof reusedValueSchema>;

/**
 * Another purchase of the team holds every variable of a line (the team database's begin answered
 * so): the line was not sent, and it follows that purchase, by its desk, team purchase id and the
 * local id of this desk's copy of it.
 */
export const batchHeldBySchema = z.object({
  desk: z.string().min(1).max(64),
  teamPurchaseId: z.string().regex(/^\d{1,20}$/),
  localId: z.string(),
});
export type BatchHeldBy = z.infer<typeof batchHeldBySchema>;

export const batchItemSchema = z.object({
  index: z.number().int().min(0),
  /** 1-based data row of the input (the header is row 0). */
  row: z.number().int().min(1),
  input: z.record(z.string(), z.string()),
  titleNumber: z.string().nullable(),
  tenure: z.string().nullable(),
  /** The catalog this line buys from when it is not a title's (batches bought `from` address or uprn). */
  resource: purchaseResourceSchema.optional(),
  state: batchItemStateSchema,
  reason: z.string().nullable(),
  /** The variables this line will buy (those not reused). */
  toBuy: z.array(z.string()),
  /** Catalog cost of what it buys, per currency. */
  cost: z.array(moneySchema),
  reused: z.record(z.string(), reusedValueSchema),
  purchaseLocalId: z.string().nullable(),
  purchaseId: z.string().nullable(),
  /** Prices returned for what was bought, plus those of reused values. */
  total: z.array(moneySchema),
  values: z.record(z.string(), z.string()),
  /** Set when another team purchase holds this line's variables: reused from it, nothing sent. */
  heldBy: batchHeldBySchema.optional(),
});
export type BatchItem = z.infer<typeof batchItemSchema>;

export const batchStates = ['draft', 'running', 'paused', 'stopped', 'cancelled', 'done'] as const;
export const batchStateSchema = z.enum(batchStates);
export type BatchState = z.infer<typeof batchStateSchema>;

export const batchSpecSchema = z.object({
  environmentId: z.string(),
  /** The input file's name, for the UI and exports. */
  source: z.string().max(300),
  columns: z.array(z.string()),
  variables: z.array(z.string()).min(1),
  tenure: batchTenureSchema,
  /** Absent in batches made before the choice existed: titles. */
  from: batchFromSchema.optional(),
  reuseDays: z.number().int().min(0),
  concurrency: z.number().int().min(1).max(64),
  /** A cap on what this batch may spend, per currency, on top of the environment's budgets. */
  budget: z.record(z.string(), z.number().nonnegative()),
});
export type BatchSpec = z.infer<typeof batchSpecSchema>;

export const batchCountsSchema = z.record(batchItemStateSchema, z.number().int());
export type BatchCounts = z.infer<typeof batchCountsSchema>;

export const batchSummarySchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  state: batchStateSchema,
  stoppedBy: z.enum(['budget']).nullable(),
  spec: batchSpecSchema,
  itemCount: z.number().int(),
  counts: batchCountsSchema,
  /** Catalog cost of the lines still to buy, per currency. */
  toSpend: z.array(moneySchema),
  /** Returned prices of lines bought so far plus catalog prices of those in flight. */
  spent: z.array(moneySchema),
  /** Lines that fit the budgets now, in order, before the first that would not (null: all). */
  budgetAllows: z.number().int().nullable(),
  /** Milliseconds left, estimated from the lines settled so far; null before any. */
  etaMs: z.number().nullable(),
  /** The service did not take the last line sent: why, and when one line tries again (epoch ms); null otherwise. */
  waiting: z.object({ reason: z.string(), retryAt: z.number() }).nullable(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;
