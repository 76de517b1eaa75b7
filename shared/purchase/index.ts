/**
 * Purchases and what is kept of them, as every host (the desktop app, the CLI, browser mode and
 * scripts) sees them. What it promises:
 *
 * - One record of a purchase, with the service's states and TitleDesk's own (submitting, not_sent,
 *   waiting_for_sign_in, failed, outcome_unknown, cancelled), and its state in the words every
 *   host shows (purchase.ts, purchase-words.ts); a purchase salvaged from a damaged journal is
 *   said to be one (purchase-damage.ts).
 * - Batches: which titles of an address a batch buys, its lines and counts, and the lines being
 *   bought right now in the words the CLI and the app share (batch.ts, batch-words.ts); what
 *   "Send all" did, counted from each purchase's state (send-all.ts).
 * - The journal's findings said to the user, and History's exports and imports (journal.ts).
 * - The property report built from bought values (report.ts).
 * - titledesk://purchase/… links, parsed strictly, and purchase references pasted with whatever
 *   came along with them (deep-link.ts, pasted-reference.ts).
 */
export { linesBeingBoughtText } from './batch-words.ts';
export { type BatchCounts, batchCountsSchema, type BatchFrom, batchFromSchema, type BatchHeldBy, batchHeldBySchema, type BatchItem, batchItemSchema, type BatchItemState, batchItemStates, batchItemStateSchema, type BatchSpec, batchSpecSchema, type BatchState, batchStates, batchStateSchema, type BatchSummary, batchSummarySchema, type BatchTenure, batchTenureSchema, type ReusedValue, reusedValueSchema } from './batch.ts';
export { deepLinkScheme, purchaseLink, purchaseLinkPrefix } from './deep-link.ts';
export { type BackupInfo, backupInfoSchema, exportedPurchaseSchema, type HistoryExport, historyExportSchema, type ImportSummary, importSummarySchema, type JournalNotice, journalNoticeSchema, type JournalStatus, journalStatusSchema } from './journal.ts';
export { pastedPurchaseReference } from './pasted-reference.ts';
export { damagedLabel, damagedRecordMessage, damagedWithAnswer } from './purchase-damage.ts';
export { purchaseStateWords, waitsOutRateLimit } from './purchase-words.ts';
export { type Exchange, exchangeSchema, type HistoryQuery, historyQuerySchema, type ListedPurchase, maxMinWaitSeconds, maxPurchaseAddressLength, minWaitSecondsSchema, type Money, moneySchema, purchaseAddressLine, purchaseAddressSchema, type PurchaseDamage, purchaseDamageSchema, type PurchaseOptions, purchaseOptionsSchema, type PurchaseRecord, purchaseRecordSchema, type PurchaseResource, purchaseResourceSchema, type PurchaseState, purchaseStates, purchaseStateSchema, type PurchaseSummary, purchaseSummarySchema, type PurchaseTeam, purchaseTeamSchema, type ResolveAction, resolveActionSchema, type ResultItem, resultItemSchema, settledPurchaseStates } from './purchase.ts';
export { type PropertyReport, type PropertyReportRequest, propertyReportRequestSchema, propertyReportSchema, type ReportResource, reportResourceSchema, type ReportRow, reportRowSchema, type ReportTitle, reportTitleSchema, type ReportValue, reportValueSchema, savePdfRequestSchema, type SavePdfResult, savePdfResultSchema } from './report.ts';
export { type SendAllReport, sendAllReportSchema } from './send-all.ts';
