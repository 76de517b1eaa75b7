import { randomUUID } from 'node:crypto';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';

export const uprnVariable = 'https://api.example.test/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/UPRN';

/** A purchase as journaled before its POST: one variable, nothing answered yet. */
export function intentRecord(overrides: Partial<PurchaseRecord> = {}): PurchaseRecord {
  return {
    id: randomUUID(),
    environmentId: 'sandbox',
    titleNumber: 'DN123456',
    variables: [uprnVariable],
    options: {},
    state: 'submitting',
    autoCheck: true,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    timeline: [],
    ...overrides,
  };
}
