import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SenderPresence } from '../purchases/restart-recovery.ts';
import { holderOf, lockRecordSchema, type LockRecord } from './data-dir-lock.ts';
import { identityOf } from './process-identity.ts';

const folderName = 'senders';

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}

/** A file that cannot be read for another reason than its absence may still name a live process. */
function readRecord(path: string): LockRecord | 'absent' | 'unreadable' {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    return errorCode(error) === 'ENOENT' ? 'absent' : 'unreadable';
  }
  try {
    return lockRecordSchema.safeParse(JSON.parse(raw)).data ?? 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/**
 * Every process that may send purchases from a data folder (the app, browser mode, each CLI
 * command) says so with a file in `senders/` naming it as the lock does (PID, host, boot, start
 * time), and stamps its id on each intent it journals. Restart recovery touches an intent only
 * when the process that stamped it is gone: another process may be holding its POST right now,
 * and the data-folder lock is held only by the processes that follow the journal.
 */
export function registerSender(dataDir: string): SenderPresence & { close(): void } {
  const folder = join(dataDir, folderName);
  const id = randomUUID();
  const self = identityOf(process.pid);
  const own = join(folder, `${id}.json`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const record: LockRecord = { ...self, start: self.start ?? null, nonce: id };
  writeFileSync(own, `${JSON.stringify(record)}\n`, { mode: 0o600, flag: 'wx' });
  return {
    id,
    isLive(sender: string): boolean {
      if (sender === id) return true;
      const path = join(folder, `${sender}.json`);
      const found = readRecord(path);
      // Closed: it removed its file. A file written whole before its first intent that cannot be
      // read now is not proof of death: leave its intents alone.
      if (found === 'absent') return false;
      if (found === 'unreadable' || found.nonce !== sender) return true;
      // Gone when its PID died or now names another process (the lock's rule).
      if (holderOf(found, self).kind === 'held') return true;
      rmSync(path, { force: true });
      return false;
    },
    close() {
      rmSync(own, { force: true });
    },
  };
}
