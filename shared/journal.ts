import { z } from 'zod';

/**
 * What the purchase journal found wrong when it was opened, said to the user in the UI (not only
 * a log): a damaged file copied aside, a journal that was empty when it should not be, records
 * that could not be read, or purchases kept in the rescue file because the journal refused them.
 */
export const journalNoticeSchema = z.object({
  kind: z.enum(['damaged', 'empty', 'unreadable_records', 'rescued']),
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
