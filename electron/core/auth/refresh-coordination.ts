import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { CoreError } from '../errors.ts';

/**
 * Refresh-token use shared by every process on one data folder (the app or browser-mode host and
 * CLI commands). With a provider that rotates refresh tokens and detects reuse (RFC 9700
 * §4.14.2), two processes presenting the same token at once, or one presenting a token another
 * has already had replaced, revoke the whole family: everyone is signed out. So a refresh runs
 * under a lock of the folder, and each token replaced by rotation is recorded as retired (by a
 * hash: the token itself is never written here) so that no process sends it again.
 */
export interface RefreshCoordination {
  /** Runs a refresh while no other process of this data folder runs one. */
  exclusive<T>(run: () => Promise<T>): Promise<T>;
  /** Records that the provider replaced this refresh token: it is never to be sent again. */
  retire(environmentId: string, refreshToken: string): void;
  isRetired(environmentId: string, refreshToken: string): boolean;
  /**
   * Records that a refresh with this token got no answer: it may have reached the provider, so no
   * process of the folder sends it again on its own, only when a person asks (Sign in).
   */
  hold(environmentId: string, refreshToken: string): void;
  isHeld(environmentId: string, refreshToken: string): boolean;
  /** The provider answered a refresh with this token: it is no longer held. */
  release(environmentId: string, refreshToken: string): void;
}

function fingerprint(environmentId: string, refreshToken: string): string {
  return createHash('sha256').update(`${environmentId}\u0000${refreshToken}`).digest('hex');
}

/** One process alone: the token manager's single flight already serialises its refreshes. */
export function processCoordination(): RefreshCoordination {
  const retired = new Set<string>();
  const held = new Set<string>();
  return {
    exclusive: (run) => run(),
    retire: (environmentId, refreshToken) => {
      retired.add(fingerprint(environmentId, refreshToken));
    },
    isRetired: (environmentId, refreshToken) => retired.has(fingerprint(environmentId, refreshToken)),
    hold: (environmentId, refreshToken) => {
      held.add(fingerprint(environmentId, refreshToken));
    },
    isHeld: (environmentId, refreshToken) => held.has(fingerprint(environmentId, refreshToken)),
    release: (environmentId, refreshToken) => {
      held.delete(fingerprint(environmentId, refreshToken));
    },
  };
}

const lockName = 'token-refresh.lock';
const ledgerName = 'retired-refresh-tokens.json';
/** A refresh never takes this long (its request times out sooner): a lock this old was left by a crash. */
const staleLockMs = 60_000;
const lockWaitMs = 45_000;
const ledgerLimit = 500;

const entrySchema = z.object({ fingerprint: z.string().regex(/^[0-9a-f]{64}$/), at: z.number() });
const ledgerSchema = z.object({
  version: z.literal(1),
  retired: z.array(entrySchema).max(ledgerLimit * 2),
  /** Tokens whose refresh got no answer (absent in files written before it existed). */
  held: z.array(entrySchema).max(ledgerLimit * 2).optional(),
});
type Ledger = z.infer<typeof ledgerSchema>;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** The lock file's text when it was left behind (its process is gone, or it is far too old); else undefined. */
function staleContent(path: string): string | undefined {
  try {
    const age = Date.now() - statSync(path).mtimeMs;
    const content = readFileSync(path, 'utf8');
    const pid = Number(content.trim());
    return age > staleLockMs || !Number.isInteger(pid) || pid <= 0 || !pidAlive(pid) ? content : undefined;
  } catch {
    // Gone between the two looks: not stale, simply free.
    return undefined;
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

const byFolder = new Map<string, RefreshCoordination>();

/** The coordination of the processes sharing `dataDir`; one per folder in a process, so its own refreshes queue rather than wait on their own lock. */
export function dataDirCoordination(dataDir: string): RefreshCoordination {
  const folder = resolve(dataDir);
  let coordination = byFolder.get(folder);
  if (coordination === undefined) {
    coordination = folderCoordination(folder);
    byFolder.set(folder, coordination);
  }
  return coordination;
}

function folderCoordination(dataDir: string): RefreshCoordination {
  const lockPath = join(dataDir, lockName);
  const ledgerPath = join(dataDir, ledgerName);
  const own = processCoordination();
  // One refresh at a time within this process too (several environments share the lock file).
  let queue: Promise<unknown> = Promise.resolve();

  async function acquire(): Promise<void> {
    const deadline = Date.now() + lockWaitMs;
    for (;;) {
      try {
        const fd = openSync(lockPath, 'wx', 0o600);
        writeSync(fd, `${String(process.pid)}\n`);
        closeSync(fd);
        return;
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      }
      const stale = staleContent(lockPath);
      // Removed only if it is still the file judged stale, not a fresh lock taken meanwhile.
      if (stale !== undefined && readText(lockPath) === stale) rmSync(lockPath, { force: true });
      else if (Date.now() > deadline) {
        throw new CoreError('auth_unavailable', 'Another TitleDesk on this data folder has been signing in for a long time; try again in a moment.');
      } else await sleep(50);
    }
  }

  function readLedger(): Ledger {
    try {
      return ledgerSchema.parse(JSON.parse(readFileSync(ledgerPath, 'utf8')));
    } catch {
      // Missing or damaged: nothing known retired or held, as before rotation was ever seen.
      return { version: 1, retired: [] };
    }
  }

  /** Written whole and renamed into place; false when the disk refused. Callers hold the folder's lock (they run inside exclusive()). */
  function writeLedger(ledger: Ledger): boolean {
    const temporary = `${ledgerPath}.${String(process.pid)}.tmp`;
    try {
      writeFileSync(temporary, `${JSON.stringify({ version: 1, retired: ledger.retired.slice(-ledgerLimit), held: (ledger.held ?? []).slice(-ledgerLimit) })}\n`, { mode: 0o600 });
      renameSync(temporary, ledgerPath);
      return true;
    } catch {
      // A full or read-only disk: this process still knows (its own sets), as before.
      rmSync(temporary, { force: true });
      return false;
    }
  }

  const has = (entries: readonly { fingerprint: string }[] | undefined, wanted: string): boolean => (entries ?? []).some((entry) => entry.fingerprint === wanted);

  return {
    exclusive<T>(run: () => Promise<T>): Promise<T> {
      const turn = queue.then(async () => {
        await acquire();
        try {
          return await run();
        } finally {
          rmSync(lockPath, { force: true });
        }
      });
      queue = turn.catch(() => undefined);
      return turn;
    },
    retire(environmentId, refreshToken) {
      own.retire(environmentId, refreshToken);
      own.release(environmentId, refreshToken);
      const wanted = fingerprint(environmentId, refreshToken);
      const ledger = readLedger();
      writeLedger({ ...ledger, retired: [...ledger.retired, { fingerprint: wanted, at: Date.now() }], held: (ledger.held ?? []).filter((entry) => entry.fingerprint !== wanted) });
    },
    isRetired(environmentId, refreshToken) {
      return own.isRetired(environmentId, refreshToken) || has(readLedger().retired, fingerprint(environmentId, refreshToken));
    },
    hold(environmentId, refreshToken) {
      const wanted = fingerprint(environmentId, refreshToken);
      const ledger = readLedger();
      if (has(ledger.held, wanted)) return;
      // The file is what every process reads, so a release by another process frees it here too;
      // only a hold the disk refused is kept in this process's memory.
      if (!writeLedger({ ...ledger, held: [...(ledger.held ?? []), { fingerprint: wanted, at: Date.now() }] })) own.hold(environmentId, refreshToken);
    },
    isHeld(environmentId, refreshToken) {
      return own.isHeld(environmentId, refreshToken) || has(readLedger().held, fingerprint(environmentId, refreshToken));
    },
    release(environmentId, refreshToken) {
      own.release(environmentId, refreshToken);
      const wanted = fingerprint(environmentId, refreshToken);
      const ledger = readLedger();
      if (has(ledger.held, wanted)) writeLedger({ ...ledger, held: (ledger.held ?? []).filter((entry) => entry.fingerprint !== wanted) });
    },
  };
}
