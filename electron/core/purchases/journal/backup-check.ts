import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';

/**
 * Whether a backup is sound, by SQLite's integrity check, before it is offered or put in place:
 * a damaged backup restored would only be found damaged at the next start, after the journal it
 * replaced was moved aside. The check reads every page, seconds for a large backup, so listing runs
 * it on a worker thread and remembers each answer until the file changes
 * (docs/decisions/journal/019-backups-checked-on-a-worker.md).
 */
const checked = new Map<string, { mtimeMs: number; size: number; problem: Promise<string | undefined> }>();

/** A backup opened as it is on disk: immutable, so that reading it writes no -wal or -shm beside it. */
export function backupUrl(path: string): string {
  return `${pathToFileURL(path).href}?immutable=1`;
}

export function openBackupReadOnly(path: string): DatabaseSync {
  return new DatabaseSync(backupUrl(path), { readOnly: true });
}

function problemOf(first: unknown): string | undefined {
  return first === 'ok' ? undefined : typeof first === 'string' ? first : 'the integrity check gave no answer';
}

/** The check on this thread: for a restore at start, before anything else reads the journal. */
export function backupProblemNow(path: string): string | undefined {
  try {
    const db = openBackupReadOnly(path);
    try {
      const row = db.prepare('PRAGMA integrity_check(1)').get();
      return problemOf(row === undefined ? undefined : Object.values(row)[0]);
    } finally {
      db.close();
    }
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

// Run as a script (eval), as the checkpointer's worker is: no file of its own to find beside each bundle.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
let answer;
try {
  const db = new DatabaseSync(workerData.url, { readOnly: true });
  try {
    const row = db.prepare('PRAGMA integrity_check(1)').get();
    answer = { first: row === undefined ? undefined : Object.values(row)[0] };
  } finally {
    db.close();
  }
} catch (error) {
  answer = { error: error instanceof Error ? error.message : String(error) };
}
parentPort.postMessage(answer);
`;

function checkOnWorker(path: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(workerSource, { eval: true, workerData: { url: backupUrl(path) } });
    } catch {
      resolve(backupProblemNow(path));
      return;
    }
    worker.once('message', (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'error' in message) resolve(String(message.error));
      else resolve(problemOf(typeof message === 'object' && message !== null && 'first' in message ? message.first : undefined));
    });
    worker.once('error', (error: unknown) => { resolve(error instanceof Error ? error.message : String(error)); });
  });
}

/** What is wrong with a backup, or undefined when it is sound; remembered while the file is unchanged. */
export function backupProblem(path: string): Promise<string | undefined> {
  const stat = statSync(path);
  const known = checked.get(path);
  if (known?.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.problem;
  const problem = checkOnWorker(path);
  checked.set(path, { mtimeMs: stat.mtimeMs, size: stat.size, problem });
  return problem;
}
