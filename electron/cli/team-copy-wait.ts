import type { PurchaseRecord } from '../../shared/purchase/purchase.ts';
import type { PurchaseService } from '../core/purchases/purchase-service.ts';

const ended = new Set<PurchaseRecord['state']>(['available', 'failed', 'cancelled', 'outcome_unknown']);

/**
 * Another desk of the team is buying what was asked: this command reuses its purchase, and as
 * the copy here follows the team database, waits for it to end as the buyer's own command would.
 */
export async function awaitTeamCopy(purchases: PurchaseService, record: PurchaseRecord, command: string): Promise<PurchaseRecord> {
  if (record.imported !== true || record.team === undefined || ended.has(record.state)) return record;
  process.stderr.write(`titledesk ${command}: being bought by desk ${record.team.desk} (local id ${record.id}); nothing was sent from here: waiting for its values\n`);
  return purchases.waitForSettled(record.id);
}
