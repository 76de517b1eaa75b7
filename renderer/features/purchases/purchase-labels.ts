import { variableName } from '../../../shared/catalog/iri.ts';
import type { ListedPurchase } from '../../../shared/purchase/purchase.ts';
import { purchaseStateWords } from '../../../shared/purchase/purchase-words.ts';
import { boughtFrom } from '../common/resource-words.ts';

/** The same words as the CLI's status line. */
export const stateLabels = purchaseStateWords;

/**
 * Said of a purchase that joined the history by its ID: the result collection names only the
 * variables bought (seed-interface.md, Purchase result and Datum), never the title.
 */
export const titleNotNamed = 'title not named by the service';

/**
 * What the purchase was for, in a few words: its title number, or the other resource it was
 * bought from ("Address 8e05p·0", "UPRN 100023336956"); for a purchase looked up by ID, the
 * variables it bought once its result has named them, else its purchase ID.
 */
export function purchaseTitle(record: ListedPurchase): string {
  const from = boughtFrom(record);
  if (from !== undefined) return from;
  if ((record.items?.length ?? record.variables.length) > 0) return variableNames(record);
  return record.purchaseId === undefined ? 'Purchase' : `Purchase ${record.purchaseId}`;
}

export function variableCount(record: ListedPurchase): string {
  const count = record.items?.length ?? record.variables.length;
  if (count === 0) return 'variables not known yet';
  return `${String(count)} ${count === 1 ? 'variable' : 'variables'}`;
}

/** The first two variable names, and how many more there are; empty while none are known. */
export function variableNameParts(record: ListedPurchase): { readonly shown: string; readonly more: number } {
  const names = record.items?.map((item) => item.name) ?? record.variables.map(variableName);
  return { shown: names.slice(0, 2).join(', '), more: Math.max(0, names.length - 2) };
}

/**
 * Which variables, in a few words: the first two names, then "+N" for the rest, so two
 * purchases of one title can be told apart at a glance.
 */
export function variableNames(record: ListedPurchase): string {
  const { shown, more } = variableNameParts(record);
  if (shown === '') return 'variables not known yet';
  return more > 0 ? `${shown} +${String(more)}` : shown;
}

/** Seconds until the next check the server advised, or undefined when none is due. */
export function secondsUntil(nextCheckAt: number | undefined, now: number): number | undefined {
  if (nextCheckAt === undefined) return undefined;
  return Math.max(0, Math.ceil((nextCheckAt - now) / 1000));
}
