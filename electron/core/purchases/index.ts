/**
 * The purchases room: buying a title's variables and following each purchase to its result.
 * PurchaseService (purchase-service.ts) is the one door the rest of core uses; behind it:
 * - journal/: the durable record of every purchase (JournalStore), its history search, backups,
 *   salvage and migrations;
 * - submission/: the POST, from intent to the service's answer;
 * - polling/: following accepted purchases, never earlier than the service advised;
 * - answers/: reading what the service answered (references, rate limits, failures, results);
 * - recovery/: what a start finds unfinished, and rescued answers;
 * - history/: the whole history out to a file and back in.
 *
 * Promises: a purchase's intent and sending mark are durable before its POST; nothing paid is
 * lost or sent twice; a result resource is never asked earlier than it advised.
 */
export { PurchaseService, type PurchaseListener } from './purchase-service.ts';
