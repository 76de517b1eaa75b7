import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import type { ResourceCatalog } from '../../../shared/catalog/catalog.ts';
import type { Money } from '../../../shared/purchase/purchase.ts';
import { CoreError } from '../errors.ts';

/** How a desk reads the prices a team purchase begins with: its environment's catalog of the resource. */
export type CatalogOf = (environmentId: string, resource: CatalogResource) => Promise<ResourceCatalog>;

export interface PricedLines {
  readonly lines: { variable: string; price: string }[];
  readonly currency: string;
}

/**
 * A catalog price as the exact decimal the team database keeps (numeric, 4 places). Prices arrive
 * as JSON numbers; one with more places than 4 would be rounded, so it is refused instead.
 */
export function decimalPrice(money: Money): string {
  const scaled = money.value * 10_000;
  if (!Number.isFinite(scaled) || money.value < 0 || Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    throw new CoreError('protocol', `The catalog's price ${String(money.value)} ${money.currency} is not an amount of at most 4 decimal places; the team's budget cannot take it. Nothing was sent.`);
  }
  const units = Math.round(scaled);
  const whole = Math.trunc(units / 10_000);
  const fraction = String(units % 10_000).padStart(4, '0');
  return `${String(whole)}.${fraction}`;
}

/**
 * Every variable's catalog price, in one currency: a team purchase begins with its cost known,
 * since the budget is taken in the same step as the claims. Unpriced or mixed currencies refuse.
 */
export async function priceLines(catalogOf: CatalogOf, environmentId: string, resource: CatalogResource, variables: readonly string[]): Promise<PricedLines> {
  let catalog: ResourceCatalog;
  try {
    catalog = await catalogOf(environmentId, resource);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CoreError(error instanceof CoreError ? error.code : 'internal', `The catalog cannot be read (${reason}), so the team's budget cannot be checked. Nothing was sent.`, { cause: error });
  }
  const prices = new Map(catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables)).map((variable) => [variable.iri, variable.price]));
  const lines = variables.map((variable) => {
    const price = prices.get(variable);
    if (price === undefined) throw new CoreError('validation', `${variable} is not in the catalog, so the team's budget cannot price it. Nothing was sent.`);
    return { variable, price, text: decimalPrice(price) };
  });
  const currencies = [...new Set(lines.map((line) => line.price.currency))];
  const [currency] = currencies;
  if (currency === undefined || currencies.length > 1) throw new CoreError('validation', `A team purchase is priced in one currency; this one has ${currencies.join(', ') || 'none'}. Nothing was sent.`);
  return { lines: lines.map((line) => ({ variable: line.variable, price: line.text })), currency };
}
