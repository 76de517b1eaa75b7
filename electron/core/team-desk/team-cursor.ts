import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Where a desk is in its team's changes, kept in the data folder (0600) so that a start reads
 * only what changed since; one file per database and desk, since a folder may change teams.
 */
const cursorFileSchema = z.object({ database: z.string(), deskId: z.string(), cursor: z.string() });

function fileOf(dataDir: string): string {
  return join(dataDir, 'team-cursor.json');
}

export function readCursor(dataDir: string, database: string, deskId: string): string | undefined {
  try {
    const parsed = cursorFileSchema.safeParse(JSON.parse(readFileSync(fileOf(dataDir), 'utf8')));
    return parsed.success && parsed.data.database === database && parsed.data.deskId === deskId ? parsed.data.cursor : undefined;
  } catch {
    // None yet, or unreadable: the next read takes every change once more (copies are idempotent).
    return undefined;
  }
}

export function writeCursor(dataDir: string, database: string, deskId: string, cursor: string): void {
  mkdirSync(dataDir, { recursive: true });
  const file = fileOf(dataDir);
  const temporary = `${file}.${String(process.pid)}.tmp`;
  writeFileSync(temporary, JSON.stringify({ database, deskId, cursor }), { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}
