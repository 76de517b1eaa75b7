import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordFormat } from '../../../../../electron/core/purchases/journal/journal-seal.ts';
import { purchaseRecordSchema } from '../../../../../shared/purchase/purchase.ts';

/**
 * The seal's record format is a hand-written constant (the desktop bundle cannot describe a zod
 * schema at run time). Each value is pinned to the schema it was written for: a change to
 * purchaseRecordSchema without a new value would let journals sealed by another version skip
 * reading their records with this one.
 */
const fingerprints: Readonly<Record<string, string>> = {
  'purchase-record-1': 'a638c5baebe283696116e3421268c7e0',
  // A salvaged record's damage (answered, seenState).
  'purchase-record-2': '2750692f36fd173cb5e7bff28cbc4c9f',
  // Error codes for a rate limit (rate_limited) and the address provider's account errors.
  'purchase-record-3': 'f94accd1fbb9ad725c15282b5c351792',
  // The catalog bought from when not a title's (resource), and the team's id and desk (team).
  'purchase-record-4': '1271fecbd1b36bdea297a54e422760fa',
  // An error code for a team database that cannot be reached (team_database).
  'purchase-record-5': '5888a112e30445f104cf6e4a2437b0af',
};

function schemaFingerprint(): string {
  return createHash('sha256').update(JSON.stringify(z.toJSONSchema(purchaseRecordSchema, { unrepresentable: 'any' }))).digest('hex').slice(0, 32);
}

describe("the seal's record format", () => {
  it('names the record schema as it is now', () => {
    const fingerprint = schemaFingerprint();
    expect(
      fingerprints[recordFormat],
      `purchaseRecordSchema changed (fingerprint ${fingerprint}): give recordFormat in electron/core/purchases/journal/journal-seal.ts a new value and pin it here to this fingerprint.`,
    ).toBe(fingerprint);
  });

  it('was never used for another schema', () => {
    expect(new Set(Object.values(fingerprints)).size).toBe(Object.keys(fingerprints).length);
  });
});
