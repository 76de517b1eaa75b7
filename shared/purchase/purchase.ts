import { z } from 'zod';
import { catalogResourceSchema } from '../catalog/catalog-resource.ts';
import { appErrorSchema } from '../errors/errors.ts';

/**
 * A purchase as TitleDesk records it. The service names only its own observable states
 * (pending, available); the others are this app's: submitting (the intent is journaled and the
 * POST is on its way), not_sent (the POST certainly never left: safe to send), waiting_for_sign_in
 * (nothing is sent until the environment has usable credentials), failed, outcome_unknown (the
 * POST may have reached the service without an answer) and cancelled.
 */
export const purchaseStates = [
  'submitting',
  'pending',
  'available',
  'failed',
  'outcome_unknown',
  'cancelled',
  'not_sent',
  'waiting_for_sign_in',
] as const;
export const purchaseStateSchema = z.enum(purchaseStates);
export type PurchaseState = z.infer<typeof purchaseStateSchema>;

/**
 * States after which the poller has nothing more to do on its own (not_sent waits for a click,
 * waiting_for_sign_in for credentials).
 */
export const settledPurchaseStates: readonly PurchaseState[] = ['available', 'failed', 'outcome_unknown', 'cancelled', 'not_sent', 'waiting_for_sign_in'];

/** What a person decides about a purchase whose outcome is unknown. */
export const resolveActionSchema = z.enum(['buy-again', 'abandon']);
export type ResolveAction = z.infer<typeof resolveActionSchema>;

/** service.min-wait: whole seconds, at most a day. The one limit the app, the CLI and core share. */
export const maxMinWaitSeconds = 86_400;
export const minWaitSecondsSchema = z
  .number()
  .int('must be a whole number of seconds')
  .min(0, 'must be a whole number of seconds')
  .max(maxMinWaitSeconds, `must be at most ${String(maxMinWaitSeconds)} seconds (one day)`);

export const purchaseOptionsSchema = z.object({
  /** Prefer: wait=0. The purchase is not followed automatically; its result is fetched with check. */
  fireAndForget: z.boolean().optional(),
  /** Prefer: service.min-wait=S, honoured by the service for its test titles only. */
  minWaitSeconds: minWaitSecondsSchema.optional(),
});
export type PurchaseOptions = z.infer<typeof purchaseOptionsSchema>;

/** One HTTP exchange of a purchase, for its timeline. Times are epoch milliseconds. */
export const exchangeSchema = z.object({
  method: z.enum(['GET', 'POST']),
  /** URL path only: never a query or anything else that could carry a secret. */
  path: z.string(),
  status: z.union([z.number().int(), z.literal('no-response')]),
  /** The wait the server advised before the next request (Retry-After, or max-age less Age). */
  advisedWaitSeconds: z.number().nonnegative().optional(),
  /** When the request was sent. */
  at: z.number(),
  /** When the response head arrived (advised waits count from here), or the exchange failed. */
  receivedAt: z.number().optional(),
});
export type Exchange = z.infer<typeof exchangeSchema>;

/**
 * The address a purchase was reached from, as one short line (the address card's label joined):
 * context for a person reading the history, never sent to the service. Line breaks and runs of
 * white space become one space; other control characters are refused.
 */
export const maxPurchaseAddressLength = 300;
export const purchaseAddressSchema = z
  .string()
  .max(4 * maxPurchaseAddressLength, `must be at most ${String(maxPurchaseAddressLength)} characters`)
  .transform((text) => text.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, 'must not be empty')
      .max(maxPurchaseAddressLength, `must be at most ${String(maxPurchaseAddressLength)} characters`)
      // eslint-disable-next-line no-control-regex -- the point is to find control characters
      .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), 'must not contain control characters'),
  );

/** An address label's lines as the one line a purchase keeps: joined, and cut with "…" if too long. */
export function purchaseAddressLine(lines: readonly string[]): string | undefined {
  const line = lines.map((part) => part.replace(/\s+/g, ' ').trim()).filter((part) => part !== '').join(', ');
  if (line === '') return undefined;
  return line.length <= maxPurchaseAddressLength ? line : `${line.slice(0, maxPurchaseAddressLength - 1).trimEnd()}…`;
}

export const moneySchema = z.object({ value: z.number(), currency: z.string() });
export type Money = z.infer<typeof moneySchema>;

export const resultItemSchema = z.object({
  /** The variable IRI exactly as the service returned it. */
  variable: z.string(),
  provider: z.string(),
  source: z.string(),
  schemePath: z.array(z.string()),
  name: z.string(),
  /** The Datum's @type: an ontology IRI. */
  ontologyType: z.string(),
  value: z.string(),
  price: moneySchema,
});
export type ResultItem = z.infer<typeof resultItemSchema>;

/**
 * Set on a purchase whose record could not be read whole when a damaged journal was salvaged: it
 * is kept as outcome unknown with every fact found (purchase-damage.ts). `answered`: some copy
 * shows the service had answered it, so it is checked, never bought again; `seenState`: the
 * furthest state any copy showed.
 */
export const purchaseDamageSchema = z.object({ answered: z.boolean(), seenState: purchaseStateSchema.optional() });
export type PurchaseDamage = z.infer<typeof purchaseDamageSchema>;

/** A catalog other than a title's: a postal address's or a spatial address's (UPRN). */
export const purchaseResourceSchema = z.object({
  kind: z.enum(['address', 'spatial']),
  /** The property address key (`8e05p·0`) or the UPRN (digits). */
  key: z.string().min(1).max(64),
});
export type PurchaseResource = z.infer<typeof purchaseResourceSchema>;

/** A team purchase's id in the team database and the name of the desk that bought it. */
export const purchaseTeamSchema = z.object({
  purchaseId: z.string().regex(/^\d{1,20}$/),
  desk: z.string().min(1).max(64),
});
export type PurchaseTeam = z.infer<typeof purchaseTeamSchema>;

export const purchaseRecordSchema = z.object({
  /** Local id (a UUID), assigned before anything is sent. */
  id: z.uuid(),
  environmentId: z.string().min(1),
  /** Absent for a purchase that joined the history through check (the result does not name its title). */
  titleNumber: z.string().optional(),
  /**
   * The catalog it was bought from when that is not a title's: a postal address's (its property
   * address key, `8e05p·0`) or an Ordnance Survey spatial address's (its UPRN). Absent: the title's.
   */
  resource: purchaseResourceSchema.optional(),
  /**
   * Set when the desk belongs to a team: the purchase's id in the team database and the desk that
   * bought it. A purchase another desk bought is never sent from here.
   */
  team: purchaseTeamSchema.optional(),
  /** The address the title was reached from, when it was (absent in journals written before it existed). */
  address: z.string().max(maxPurchaseAddressLength).optional(),
  variables: z.array(z.string()),
  options: purchaseOptionsSchema,
  state: purchaseStateSchema,
  /** The service's id: the last path segment of the result resource /purchases/{id}. */
  purchaseId: z.string().optional(),
  /** Absolute URL of the result resource. */
  resultUrl: z.string().optional(),
  /** Earliest time the server allows the next GET (epoch ms). */
  nextCheckAt: z.number().optional(),
  /**
   * When the POST's bytes were about to be written (after the token and a connection were
   * obtained), journaled durably first. An intent without it never reached the service.
   */
  sendingAt: z.number().optional(),
  /**
   * The process that journaled this intent (its file in the data folder's senders/): another
   * process's restart recovery leaves the intent alone while that one lives, as it may be sending it.
   */
  sender: z.uuid().optional(),
  /** Set on a purchase that came from another machine's export: it is never sent from here. */
  imported: z.boolean().optional(),
  /** Whether the poller follows this purchase until it settles, including after a restart. */
  autoCheck: z.boolean(),
  error: appErrorSchema.optional(),
  damaged: purchaseDamageSchema.optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  timeline: z.array(exchangeSchema),
  items: z.array(resultItemSchema).optional(),
  /** One entry per currency, in order of first appearance. */
  totals: z.array(moneySchema).optional(),
});
export type PurchaseRecord = z.infer<typeof purchaseRecordSchema>;

/**
 * A purchase as History's rows show it: its record without the request timeline, the result
 * values and what changes while it is followed (the next check, the last update, the send mark,
 * whether it is followed, a passing error). At 100,000 purchases a page of these is about a
 * quarter of the bytes to read, parse and send; purchase:get gives the whole record.
 */
export const purchaseSummarySchema = purchaseRecordSchema.omit({ timeline: true, items: true, nextCheckAt: true, updatedAt: true, sendingAt: true, sender: true, autoCheck: true, error: true });
export type PurchaseSummary = z.infer<typeof purchaseSummarySchema>;
/** A purchase as a list shows it: a whole record or a summary (without values, names come from the variables). */
export type ListedPurchase = PurchaseSummary & Partial<Pick<PurchaseRecord, 'items'>>;

export const historyQuerySchema = z.object({
  /** Matches title number, address key, UPRN, purchase id or variable IRI (substring, case-insensitive). */
  text: z.string().max(2048).optional(),
  titleNumber: z.string().max(32).optional(),
  /** Purchases from one catalog exactly: a title's, a postal address's or a UPRN's. */
  resource: catalogResourceSchema.optional(),
  purchaseId: z.string().max(256).optional(),
  /** A variable IRI, exactly. */
  variable: z.string().max(2048).optional(),
  status: purchaseStateSchema.optional(),
  environmentId: z.string().max(64).optional(),
  /** createdAt bounds, epoch ms, inclusive. */
  from: z.number().optional(),
  to: z.number().optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  offset: z.number().int().min(0).optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;
