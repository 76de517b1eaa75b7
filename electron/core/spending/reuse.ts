import type { ReusedValue } from '../../../shared/purchase/batch.ts';
import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import type { SpendingBook } from '../stores/spending-book.ts';

const dayMs = 86_400_000;

/**
 * Never paying twice: the variables of a resource (title, address, UPRN) already bought and available on this environment
 * within `reuseDays`, each with its newest value. `reuseDays` 0 means buy again anyway.
 */
export function findHeldValues(
  ledger: SpendingBook,
  environmentId: string,
  resource: CatalogResource,
  variables: readonly string[],
  reuseDays: number,
  now: number,
): Map<string, ReusedValue> {
  const held = new Map<string, ReusedValue>();
  if (reuseDays <= 0 || variables.length === 0) return held;
  const wanted = new Set(variables);
  for (const record of ledger.availableFor(environmentId, resource, now - reuseDays * dayMs)) {
    for (const item of record.items ?? []) {
      if (!wanted.has(item.variable) || held.has(item.variable)) continue;
      held.set(item.variable, { value: item.value, price: item.price, purchaseId: record.purchaseId ?? null, boughtAt: record.createdAt });
    }
    if (held.size === wanted.size) break;
  }
  return held;
}
