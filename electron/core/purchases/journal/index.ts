/**
 * The purchase journal: one SQLite file per data folder (purchases.sqlite), behind the JournalStore
 * interface (journal-store.ts) that the rest of the purchases room uses.
 *
 * Owns: the file and its WAL (journal.ts, wal-*.ts), grouped commits (write-queue.ts), the records
 * in memory (record-store.ts, record-cache.ts), the schema (migrations/), History's search tables
 * (search/), integrity checks and the seal (journal-open.ts, journal-seal.ts), daily backups
 * (journal-backup.ts, backup-check.ts), salvage of a damaged file (salvage/) and the rescue file.
 *
 * Promises: a write is announced only after it is durable; an intent and a sending mark are
 * synced before their promises resolve; a damaged file is salvaged, never silently replaced, and
 * every record is either read or shown as damaged.
 */
export { backupDir, listBackups, requestRestore } from './journal-backup.ts';
export { sealJournal } from './journal-seal.ts';
export type { JournalStore, PurchaseListener, SaveExtra } from '../../stores/journal-store.ts';
export { PurchaseJournal, type Durability, type JournalWrite } from './journal.ts';
export { journalSchemaVersion } from './migrations/index.ts';
export { RecordStore } from './record-store.ts';
