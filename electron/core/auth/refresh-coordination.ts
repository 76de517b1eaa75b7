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
}

function fingerprint(environmentId: string, refreshToken: string): string {
  return createHash('sha256').update(`${environmentId}\u0000${refreshToken}`).digest('hex');
}

/** One process alone: the token manager's single flight already serialises its refreshes. */
export function processCoordination(): RefreshCoordination {
  const retired = new Set<string>();
  return {
    exclusive: (run) => run(),
    retire: (environmentId, refreshToken) => {
      retired.add(fingerprint(environmentId, refreshToken));
    },
    isRetired: (environmentId, refreshToken) => retired.has(fingerprint(environmentId, refreshToken)),
  };
}

const lockName = 'token-refresh.lock';
const ledgerName = 'retired-refresh-tokens.json';
/** A refresh never takes this long (its request times out sooner): a lock this old was left by a crash. */
const staleLockMs = 60_000;
const lockWaitMs = 45_000;
const ledgerLimit = 500;

const ledgerSchema = z.object({
  version: z.literal(1),
  retired: z.array(z.object({ fingerprint: z.string().regex(/^[0-9a-f]{64}$/), at: z.number() })).max(ledgerLimit * 2),
});

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

  function readLedger(): z.infer<typeof ledgerSchema>['retired'] {
    try {
      return ledgerSchema.parse(JSON.parse(readFileSync(ledgerPath, 'utf8'))).retired;
    } catch {
      // Missing or damaged: nothing known retired, as before rotation was ever seen.
      return [];
    }
  }

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
      const entry = { fingerprint: fingerprint(environmentId, refreshToken), at: Date.now() };
      const retired = [...readLedger(), entry].slice(-ledgerLimit);
      const temporary = `${ledgerPath}.${String(process.pid)}.tmp`;
      try {
        writeFileSync(temporary, `${JSON.stringify({ version: 1, retired })}\n`, { mode: 0o600 });
        renameSync(temporary, ledgerPath);
      } catch {
        // A full or read-only disk: this process still knows, and the new token is what it sends.
        rmSync(temporary, { force: true });
      }
    },
    isRetired(environmentId, refreshToken) {
      if (own.isRetired(environmentId, refreshToken)) return true;
      const wanted = fingerprint(environmentId, refreshToken);
      return readLedger().some((entry) => entry.fingerprint === wanted);
    },
  };
}
