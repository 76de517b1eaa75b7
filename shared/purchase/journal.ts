import { z } from 'zod';

/**
 * What the purchase journal found wrong when it was opened, said to the user in the UI (not only
 * a log): a damaged file copied aside, a journal that was empty when it should not be, records
 * that could not be read, or purchases kept in the rescue file because the journal refused them.
 * And while the app runs: answers of followed purchases that the journal refuses (a full disk).
 */
export const journalNoticeSchema = z.object({
  kind: z.enum(['damaged', 'empty', 'unreadable_records', 'rescued', 'restored', 'restore_refused', 'answers_not_saved']),
  message: z.string(),
  /** The file the user may want: the copy of the damaged journal, or the rescue file. */
  path: z.string().optional(),
});
export type JournalNotice = z.infer<typeof journalNoticeSchema>;

export const journalStatusSchema = z.object({
  path: z.string(),
  notices: z.array(journalNoticeSchema),
});
export type JournalStatus = z.infer<typeof journalStatusSchema>;

/** One purchase in an export: the record, and its result collection exactly as the service sent it. */
export const exportedPurchaseSchema = z.object({
  record: z.unknown(),
  result: z.string().nullable(),
});

/** The whole history in one JSON file, to keep or to import on another machine. */
export const historyExportSchema = z.object({
  format: z.literal('titledesk-history'),
  version: z.literal(1),
  exportedAt: z.number(),
  purchases: z.array(exportedPurchaseSchema).max(1_000_000),
});
export type HistoryExport = z.infer<typeof historyExportSchema>;

export const importSummarySchema = z.object({
  imported: z.number().int().nonnegative(),
  /** Already in this history (same local id): left as they are. */
  alreadyPresent: z.number().int().nonnegative(),
  /** Entries that are not purchase records: reported, not guessed at. */
  unreadable: z.number().int().nonnegative(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const backupInfoSchema = z.object({
  name: z.string(),
  createdAt: z.number(),
  bytes: z.number(),
  /** What SQLite's integrity check found wrong with it: a damaged backup is listed, never restored. */
  damaged: z.string().optional(),
});
export type BackupInfo = z.infer<typeof backupInfoSchema>;
