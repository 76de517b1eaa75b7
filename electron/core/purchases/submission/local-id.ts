import { randomUUID } from 'node:crypto';

/** Ids made in the same millisecond are numbered in the 12 bits after the version (RFC 9562 §6.2, method 1). */
const maxSequence = 0xfff;
let lastMs = Number.NEGATIVE_INFINITY;
let sequence = 0;

/**
 * A new purchase's local id: a UUID whose leading 48 bits are the time it was made (RFC 9562
 * version 7), rising within a process. The journal's indexes on the id (the purchases' primary
 * key, each purchase's variables) then take new purchases at their right edge, a page or two per
 * commit, where random ids touched a page per purchase
 * (docs/decisions/journal/014-time-ordered-local-ids.md).
 *
 * The 62 random bits come from Node's randomUUID, which draws its entropy in batches, not the uuid
 * package's v7, which asks the system for 16 bytes per id: 10,000 ids are made in one click of a
 * large batch (docs/decisions/journal/014-time-ordered-local-ids.md#not-chosen-the-uuid-package).
 */
export function newLocalId(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else if (sequence < maxSequence) {
    sequence += 1;
  } else {
    // 4,096 ids in one millisecond: the next ones borrow the millisecond after, so the order holds.
    lastMs += 1;
    sequence = 0;
  }
  const time = lastMs.toString(16).padStart(12, '0');
  // randomUUID()'s last 17 characters: the variant and 62 random bits, as version 7 wants them.
  return `${time.slice(0, 8)}-${time.slice(8)}-7${sequence.toString(16).padStart(3, '0')}-${randomUUID().slice(19)}`;
}
