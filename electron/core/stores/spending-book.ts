import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import type { Money, PurchaseRecord } from '../../../shared/purchase/purchase.ts';

/** A purchase about to be made: its local id and its catalog price. */
export interface Estimate {
  readonly localId: string;
  readonly cost: readonly Money[];
}

/** What counts as spent in the day and in the month, per currency. */
export interface PeriodSpend {
  readonly day: readonly Money[];
  readonly month: readonly Money[];
}

/** Local midnight and the first of the month: budgets follow the user's calendar. */
export interface PeriodStarts {
  readonly day: number;
  readonly month: number;
}

/**
 * What the spending guard asks of storage: spend tallies, the budget check with the commitment it
 * allows, and the purchases reuse can draw on. spending/ledger.ts implements it over the journal's file; a
 * store shared by a team implements the same calls.
 *
 * The rule every implementation keeps: reserve() checks and commits in one step that no other
 * purchase, in any process or on any desk, can interleave with, so a budget is never exceeded.
 */
export interface SpendingBook {
  recordEstimate(localId: string, environmentId: string, cost: readonly Money[], at: number): void;
  recordEstimates(environmentId: string, estimates: readonly Estimate[], at: number): void;
  /** `choose` reads what is spent and reserved now and says how many of `estimates`, in order, fit; returns how many were taken. */
  reserve(environmentId: string, estimates: readonly Estimate[], starts: PeriodStarts, at: number, choose: (spent: () => PeriodSpend) => number): number;
  estimateOf(localId: string): Money[] | undefined;
  /** A reserved purchase refused before its intent: its money is free again. */
  release(localId: string): void;
  spent(environmentId: string, starts: PeriodStarts, now?: number): { day: Money[]; month: Money[] };
  costsSince(environmentId: string, since: number): { at: number; cost: Money }[];
  /** Available purchases from one resource's catalog (title, address, UPRN) since `since`, newest first: what reuse can draw on. */
  availableFor(environmentId: string, resource: CatalogResource, since: number): PurchaseRecord[];
  close(): void;
}
