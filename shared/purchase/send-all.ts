import { z } from 'zod';
import { errorCodeSchema } from '../errors/errors.ts';
import { purchaseStateSchema } from './purchase.ts';

/**
 * What "Send all" did, counted from each purchase's state once its POST was answered or failed:
 * a command says what happened, never what it set out to do.
 */
export const sendAllReportSchema = z.object({
  /** Not-sent purchases that were tried. */
  total: z.number().int().nonnegative(),
  /** The service answered and took them (pending or available). */
  sent: z.number().int().nonnegative(),
  /** The service refused them (4xx and the like): nothing was bought. */
  refused: z.number().int().nonnegative(),
  /** The request may have reached the service and no answer came: never sent again on its own. */
  unknown: z.number().int().nonnegative(),
  /** Still not sent (could not connect, no credentials, or could not start): nothing was charged. */
  notSent: z.number().int().nonnegative(),
  purchases: z.array(z.object({
    id: z.uuid(),
    state: purchaseStateSchema,
    purchaseId: z.string().optional(),
    /** Why it was not sent, refused or left unknown. */
    reason: z.string().optional(),
    /** Set when TitleDesk itself held it back before its POST (budget_exceeded: a budget would be broken). */
    code: errorCodeSchema.optional(),
  })),
});
export type SendAllReport = z.infer<typeof sendAllReportSchema>;
