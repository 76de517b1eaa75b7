import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { purchaseResourceSchema } from '../../../../shared/purchase/purchase.ts';

/**
 * The last line of defence for a paid purchase: when the journal cannot take the answer to a
 * POST (a damaged or full disk, a broken database), its result address is appended here, one
 * JSON line each, and fsynced. Nothing ever rewrites or truncates this file.
 */
export const rescueFileName = 'purchases-rescued.jsonl';

export const rescueEntrySchema = z.object({
  at: z.number(),
  localId: z.string(),
  environmentId: z.string(),
  titleNumber: z.string().optional(),
  /** The address or UPRN it was bought from, when not a title. */
  resource: purchaseResourceSchema.optional(),
  variables: z.array(z.string()),
  status: z.number().int(),
  resultUrl: z.string().optional(),
  /** A synchronous 200's collection, exactly as received. */
  body: z.string().optional(),
});
export type RescueEntry = z.infer<typeof rescueEntrySchema>;

export function rescuePath(dataDir: string): string {
  return join(dataDir, rescueFileName);
}

export function appendRescue(dataDir: string, entry: RescueEntry): string {
  const path = rescuePath(dataDir);
  const fd = openSync(path, 'a', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(entry)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return path;
}

/** Entries kept so far; a line that does not parse (a torn last write) is counted, not dropped silently. */
export function readRescue(dataDir: string): { entries: RescueEntry[]; unreadable: number } {
  const path = rescuePath(dataDir);
  if (!existsSync(path)) return { entries: [], unreadable: 0 };
  const entries: RescueEntry[] = [];
  let unreadable = 0;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const parsed = rescueEntrySchema.safeParse(JSON.parse(line));
      if (parsed.success) entries.push(parsed.data);
      else unreadable += 1;
    } catch {
      unreadable += 1;
    }
  }
  return { entries, unreadable };
}
