import type { ContractHandlers } from './create-router.ts';
import type { PurchaseService } from '../purchases/purchase-service.ts';

type JournalChannels = 'journal:status' | 'journal:backups' | 'journal:restore' | 'history:export' | 'history:import';

/** The journal itself (its state, backups, a restore) and the history's export and import, on every environment. */
export function journalHandlers(purchases: PurchaseService): Pick<ContractHandlers, JournalChannels> {
  return {
    'journal:status': async () => Promise.resolve(purchases.journalStatus),
    'journal:backups': async () => Promise.resolve(purchases.backups()),
    'journal:restore': async ({ name }) => Promise.resolve(purchases.restoreBackup(name)),
    'history:export': async () => Promise.resolve(purchases.exportHistory()),
    'history:import': async ({ document }) => Promise.resolve(purchases.importHistory(document)),
  };
}
