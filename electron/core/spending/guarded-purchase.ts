import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import type { Money, PurchaseOptions, PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import type { EnvironmentSession } from '../env/environment-session.ts';
import { CoreError } from '../errors.ts';
import { newLocalId } from '../purchases/submission/local-id.ts';
import { purchaseResource } from '../purchases/submission/purchase-sender.ts';
import type { PurchaseEnvironment, PurchaseService } from '../purchases/purchase-service.ts';
import { sumMoney } from './money.ts';
import { findHeldValues } from './reuse.ts';
import { describeBreach, type SpendingGuard } from './spending-guard.ts';

export interface GuardedPurchaseDeps {
  readonly purchases: PurchaseService;
  readonly guard: SpendingGuard;
  readonly session: EnvironmentSession;
  readonly environment: PurchaseEnvironment;
  readonly reuseDays: number;
  readonly now: () => number;
}

export interface PurchaseChoice {
  /** Buy variables again even when the journal holds them (the "Buy again anyway" choice). */
  readonly buyAgain?: boolean;
  /** The second, explicit confirmation of a purchase above the environment's threshold. */
  readonly confirmed?: boolean;
  /** The address the title was reached from, kept on the record. */
  readonly address?: string;
  /** The local id the purchase will have, when the caller must name it before it exists (the CLI's stop message). */
  readonly localId?: string;
}

async function catalogCost(session: EnvironmentSession, resource: CatalogResource, variables: readonly string[]): Promise<Money[]> {
  try {
    const catalog = await session.catalog.catalogOf(resource);
    const prices = new Map(catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables)).map((variable) => [variable.iri, variable.price]));
    return sumMoney(variables.flatMap((variable) => {
      const price = prices.get(variable);
      return price === undefined ? [] : [price];
    }));
  } catch {
    // No catalog (a resource the service may still accept): the guard cannot price it and says nothing.
    return [];
  }
}

/**
 * A single purchase through the spending guard and reuse: variables held within the reuse window
 * are not bought again (a purchase asking only for those is not sent: the earlier one is
 * returned), a purchase above the threshold needs `confirmed`, and one over a budget is refused.
 * `target`: a title number, or the resource (title, address, UPRN) whose catalog it buys from;
 * reuse draws only on purchases from that same resource.
 */
export async function guardedCreate(
  deps: GuardedPurchaseDeps,
  target: string | CatalogResource,
  variables: readonly string[],
  options: PurchaseOptions,
  choice: PurchaseChoice = {},
): Promise<PurchaseRecord> {
  const environmentId = deps.environment.id;
  const resource = purchaseResource(target);
  const reuseDays = choice.buyAgain === true ? 0 : deps.reuseDays;
  const held = findHeldValues(deps.guard.ledger, environmentId, resource, variables, reuseDays, deps.now());
  const toBuy = variables.filter((variable) => !held.has(variable));
  if (toBuy.length === 0) {
    const first = variables[0] ?? '';
    const earlier = deps.guard.ledger.availableFor(environmentId, resource, deps.now() - reuseDays * 86_400_000)
      .find((record) => record.items?.some((item) => item.variable === first));
    if (earlier !== undefined) return earlier;
  }
  const cost = await catalogCost(deps.session, resource, toBuy);
  if (choice.confirmed !== true && deps.guard.needsConfirmation(environmentId, cost)) {
    const text = cost.map((money) => `${String(money.value)} ${money.currency}`).join(' + ');
    throw new CoreError('confirmation_required', `This purchase costs ${text}, above the amount set for a second confirmation. Confirm it again to buy.`);
  }
  // The budget check and the price's reservation are one transaction (SpendingGuard.reserve).
  const localId = choice.localId ?? newLocalId();
  const { breach } = deps.guard.reserve(environmentId, [{ localId, cost }]);
  if (breach !== undefined) throw new CoreError('budget_exceeded', describeBreach(breach));
  try {
    const record = await deps.purchases.create(deps.environment, resource, toBuy, options, localId, { address: choice.address });
    // Another desk's purchase handed back instead (a team's reuse): this one was never sent.
    if (record.id !== localId) deps.guard.ledger.release(localId);
    return record;
  } catch (error) {
    // Refused before it was sent (no intent written, or one the team database ended unsent):
    // nothing will be sent, so nothing stays reserved.
    const intent = deps.purchases.get(localId);
    if (intent === undefined || (intent.state === 'cancelled' && intent.sendingAt === undefined)) deps.guard.ledger.release(localId);
    throw error;
  }
}
