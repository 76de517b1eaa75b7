/**
 * A large history, and the searches and budget checks timed over it. What it promises:
 *
 * - Seeding writes finished purchases into a data folder's journal in one transaction: the journal
 *   creates its own file and schema first, so the rows are the ones it would hold; only the writing
 *   is batched, with synchronous=OFF, since a crash would only lose test data (history-seed.ts).
 * - The searches timed, each with its goal, and the report the history worker prints
 *   (history-kinds.ts).
 * - Budget checks timed as the app makes them: after a purchase priced, journaled and settled,
 *   with a daily and a monthly budget set (budget-checks.ts).
 */
export { budgetCheckSchema, timeBudgetChecks, type BudgetCheckTiming } from './budget-checks.ts';
export { historyKinds, historyWorkerReportSchema, type HistoryTiming, type HistoryWorkerReport, type SearchKind } from './history-kinds.ts';
export { seedHistory, type SeededHistory } from './history-seed.ts';
