import type { ContractHandlers } from './create-router.ts';
import { purchaseEnvironment } from '../env/purchase-environment.ts';
import type { EnvironmentRegistry } from '../env/environment-registry.ts';
import { CoreError } from '../errors.ts';
import type { PurchaseService } from '../purchases/purchase-service.ts';
import { guardedCreate } from '../spending/guarded-purchase.ts';
import type { SpendingGuard } from '../spending/spending-guard.ts';

type PurchaseChannels =
  | 'purchase:create'
  | 'purchase:get'
  | 'purchase:list'
  | 'purchase:history'
  | 'purchase:check'
  | 'purchase:cancel'
  | 'purchase:recheck'
  | 'purchase:send'
  | 'purchase:send-all'
  | 'purchase:resolve';

/** Purchases on the selected environment; progress reaches the UI through purchase:updated events. */
export function purchaseHandlers(environments: EnvironmentRegistry, purchases: PurchaseService, guard: SpendingGuard): Pick<ContractHandlers, PurchaseChannels> {
  const selected = () => purchaseEnvironment(environments, environments.selected().id);
  return {
    'purchase:create': async ({ target, variables, options, address, buyAgain, confirmed }) => {
      const environment = selected();
      const deps = { purchases, guard, environment, session: environments.session(environment.id), reuseDays: environments.purchasing().reuseDays, now: Date.now };
      const choice = { ...(buyAgain === undefined ? {} : { buyAgain }), ...(confirmed === undefined ? {} : { confirmed }), ...(address === undefined ? {} : { address }) };
      return guardedCreate(deps, target, variables, options ?? {}, choice);
    },
    'purchase:get': async ({ id }) => {
      const record = purchases.get(id);
      if (record === undefined) throw new CoreError('not_found', 'No such purchase in the history.');
      return Promise.resolve(record);
    },
    'purchase:list': async (query) => Promise.resolve({ purchases: purchases.list(query ?? {}) }),
    'purchase:history': async (query) => Promise.resolve({ purchases: purchases.summaries(query ?? {}) }),
    'purchase:check': async ({ reference, wait, keep }) => {
      // One GET now; "watch" then hands the purchase to the poller, which keeps to the
      // server's advised waits, instead of holding this call open until it settles.
      const record = await purchases.check(selected(), reference, { wait: false, keepNotFound: keep === true });
      return wait === true && record.state === 'pending' ? purchases.recheck(record.id) : record;
    },
    'purchase:cancel': async ({ id }) => Promise.resolve(purchases.cancel(id)),
    'purchase:recheck': async ({ id }) => Promise.resolve(purchases.recheck(id)),
    'purchase:send': async ({ id }) => purchases.send(id),
    // Answers once every send is over, with what happened to each: the window says it plainly.
    'purchase:send-all': async () => purchases.sendAll(),
    'purchase:resolve': async ({ id, action }) => purchases.resolve(id, action),
  };
}
