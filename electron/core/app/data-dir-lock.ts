import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CoreError } from '../errors.ts';
import { identityOf, pidExists, processStart, type ProcessIdentity } from './process-identity.ts';

const lockName = 'titledesk.lock';

export const lockRecordSchema = z.object({
  pid: z.int().positive(),
  host: z.string().min(1).max(256),
  boot: z.string().min(1).max(128),
  start: z.string().min(1).max(128).nullable(),
  nonce: z.string().min(1).max(64),
});
export type LockRecord = z.infer<typeof lockRecordSchema>;

type Holder = { readonly kind: 'held'; readonly record: LockRecord } | { readonly kind: 'stale' };

function readLock(path: string): { raw: string; record: LockRecord | undefined } | undefined {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  return { raw, record: lockRecordSchema.safeParse(json).data };
}

/**
 * Whether the process a lock names still holds it. A bare PID proves nothing: PID 1 is always
 * alive and PIDs are reused after a reboot, so the record also names the host, the boot and the
 * process's start time, and all must match a live process.
 */
export function holderOf(record: LockRecord | undefined, self: ProcessIdentity): Holder {
  // Unreadable, or a bare PID written by hand or by an older version: nothing to verify, not a holder.
  if (record === undefined) return { kind: 'stale' };
  // Another machine (a shared folder): its processes cannot be checked from here.
  if (record.host !== self.host) return { kind: 'held', record };
  if (record.boot !== self.boot || !pidExists(record.pid)) return { kind: 'stale' };
  const start = processStart(record.pid);
  // A live process with that PID that started at another time is someone else (a reused PID).
  if (start !== undefined && record.start !== null && start !== record.start) return { kind: 'stale' };
  return { kind: 'held', record };
}

function refusal(record: LockRecord, dataDir: string, self: ProcessIdentity): CoreError {
  const where = record.host === self.host ? `process ${String(record.pid)}` : `process ${String(record.pid)} on ${record.host}`;
  return new CoreError(
    'data_dir',
    `TitleDesk is already running on this data folder (${where}): ${dataDir}. If it is not, delete ${join(dataDir, lockName)}.`,
  );
}

/**
 * One app process per data folder: two would both resume the journal and poll the same
 * purchases (Electron's single-instance lock covers only one desktop app). The lock file names
 * this process by PID, host, boot and start time, so a lock left by a process that died, or
 * naming a PID since reused, is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, lockName);
  const self = identityOf(process.pid);
  const record: LockRecord = { ...self, start: self.start ?? null, nonce: randomUUID() };
  const content = `${JSON.stringify(record)}\n`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, content);
      closeSync(fd);
      return () => {
        // Only our own lock: one taken over by another process after a long stall is theirs.
        if (readLock(path)?.raw === content) rmSync(path, { force: true });
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      const found = readLock(path);
      if (found === undefined) continue;
      const holder = holderOf(found.record, self);
      if (holder.kind === 'held') throw refusal(holder.record, dataDir, self);
      // Remove the stale file only if it is still the one judged stale, not a fresh lock.
      if (readLock(path)?.raw === found.raw) rmSync(path, { force: true });
    }
  }
  throw new CoreError('data_dir', `Could not lock the data folder ${dataDir}.`);
}

/** The live process other than this one that follows the journal of this folder, if any. */
export function dataDirHolder(dataDir: string): number | undefined {
  const found = readLock(join(dataDir, lockName));
  if (found?.record === undefined || found.record.pid === process.pid) return undefined;
  const holder = holderOf(found.record, identityOf(process.pid));
  // A holder on another machine cannot be asked or checked from here: treat it as following too.
  return holder.kind === 'held' ? holder.record.pid : undefined;
}
