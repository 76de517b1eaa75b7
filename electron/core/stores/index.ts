/**
 * The interfaces through which the purchase flow and the spending guard reach storage, below every
 * store that implements them: the desk's SQLite journal (purchases/journal/, spending/ledger.ts)
 * and the team's database (team/).
 *
 * Promises of every implementation: an intent and a sending mark are durable before their
 * promises resolve; a change is announced only after it is written; a budget check and the
 * commitment it allows are one step no other purchase can interleave with
 * (docs/decisions/journal/015-journal-reads-stay-local.md).
 */
export type { Durability, JournalStore, JournalWrite, PurchaseListener, SaveExtra } from './journal-store.ts';
export type { Estimate, PeriodSpend, PeriodStarts, SpendingBook } from './spending-book.ts';
export type { SendAdmission, SendGate } from './send-gate.ts';
