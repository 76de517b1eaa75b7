import { randomUUID } from 'node:crypto';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';

/**
 * The nth of a set of settled purchases for journal tests: its own title, purchase ID and
 * variable, and a timeline long enough that 50 records span many pages, so one damaged page
 * loses only some of them.
 */
export function settledRecord(n: number): PurchaseRecord {
  return {
    id: randomUUID(),
    environmentId: 'sandbox',
    titleNumber: `DN${100_000 + n}`,
    variables: [`https://api.example.test/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/V${n}`],
    options: {},
    state: 'available',
    purchaseId: `p-${n}`,
    autoCheck: false,
    createdAt: 1_700_000_000_000 + n,
    updatedAt: 1_700_000_000_000 + n,
    timeline: Array.from({ length: 8 }, (_, i) => ({ method: 'GET' as const, path: `/purchases/p-${n}`, status: 202, at: i })),
  };
}
