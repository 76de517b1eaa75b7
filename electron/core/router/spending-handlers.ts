import type { ContractHandlers } from './create-router.ts';
import type { EnvironmentRegistry } from '../env/environment-registry.ts';
import type { SpendingGuard } from '../spending/spending-guard.ts';

type SpendingChannels = 'spending:status' | 'spending:history' | 'spending:update';

/** Budgets, spent money and reuse settings per environment (the built-in Sandbox included). */
export function spendingHandlers(environments: EnvironmentRegistry, guard: SpendingGuard): Pick<ContractHandlers, SpendingChannels> {
  const idOf = (request: { environmentId?: string | undefined } | undefined): string => environments.get(request?.environmentId ?? environments.selected().id).id;
  return {
    'spending:status': async (request) => Promise.resolve(guard.status(idOf(request))),
    'spending:history': async (request) => Promise.resolve(guard.history(idOf(request))),
    'spending:update': async ({ environmentId, settings, reuseDays, batchConcurrency }) => {
      const id = environments.get(environmentId).id;
      const current = environments.purchasing();
      environments.setPurchasing({
        reuseDays: reuseDays ?? current.reuseDays,
        batchConcurrency: batchConcurrency ?? current.batchConcurrency,
        spending: { ...current.spending, [id]: settings },
      });
      return Promise.resolve(guard.status(id));
    },
  };
}
