import type { BackupInfo, HistoryExport, ImportSummary, JournalStatus } from '../../../shared/purchase/journal.ts';
import { resourceOfPurchase, type CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import type { HistoryQuery, PurchaseOptions, PurchaseRecord, PurchaseSummary, ResolveAction } from '../../../shared/purchase/purchase.ts';
import type { SendAllReport } from '../../../shared/purchase/send-all.ts';
import { CoreError } from '../errors.ts';
import { defaultRetryPolicy, type RetryPolicy } from '../concurrency/backoff.ts';
import { systemClock, type Clock } from '../concurrency/clock.ts';
import { exportHistory, importHistory } from './history/history-transfer.ts';
import { backupDir, listBackups, requestRestore } from './journal/journal-backup.ts';
import { Poller, type PurchaseEnvironment } from './polling/poller.ts';
import { PurchaseChecker, type CheckOptions } from './purchase-checker.ts';
import { PurchaseSender, type PurchaseContext } from './submission/purchase-sender.ts';
import type { JournalStore, PurchaseListener } from '../stores/journal-store.ts';
import type { SendGate } from '../stores/send-gate.ts';
import { RecordStore } from './journal/record-store.ts';
import { teamCopyWrite } from './team-copy-write.ts';
import { RequestSlots } from '../concurrency/request-slots.ts';
import { RestartRecovery, type ResumeSummary, type SenderPresence } from './restart-recovery.ts';
import { withinAutoSendWindow } from './recovery/recovery.ts';
import { applyRescued } from './recovery/rescue-apply.ts';
import { Submitter } from './submission/submitter.ts';
import { UnsavedAnswers } from './polling/unsaved-answers.ts';

export type { PurchaseEnvironment } from './polling/poller.ts';
export type { PurchaseListener } from '../stores/journal-store.ts';
export type { CheckOptions } from './purchase-checker.ts';
export type { PurchaseContext } from './submission/purchase-sender.ts';
export type { ResumeSummary } from './restart-recovery.ts';

export interface PurchaseServiceOptions {
  /** Folder of the journal database (purchases.sqlite). */
  readonly dataDir: string;
  /** Finds an environment's client for purchases resumed or re-checked after a restart. */
  readonly resolveEnvironment?: (environmentId: string) => PurchaseEnvironment | undefined;
  readonly clock?: Clock;
  readonly random?: () => number;
  /**
   * Purchase requests in flight at once per environment, POSTs and result GETs together with the
   * GETs first (default 16); the poller runs twice as many scheduled checks across all
   * environments, each waiting for a request slot (poller.ts).
   */
  readonly maxConcurrent?: number;
  /** Retries of result GETs: fixed values, or a function read at every decision (settings). */
  readonly retry?: Partial<RetryPolicy> | (() => RetryPolicy);
  /** Per request (default 30 s). A POST that times out has an unknown outcome. */
  readonly requestTimeoutMs?: number;
  /** Minutes after the click within which a not-sent purchase goes out on its own (default 10). */
  readonly autoSendMinutes?: () => number;
  /** Keep journal backups (at start when none was made today, and at close); the app does, one-shot commands do not. */
  readonly backups?: boolean;
  /** Problems nobody waits for, such as the journal refusing what a scheduled GET learnt (the app's log). */
  readonly log?: (message: string) => void;
  /** Which process sends what, when several share the data folder (sender-presence.ts). */
  readonly presence?: SenderPresence;
}

export type UnsentFate = 'live' | 'auto-send' | 'unsent';

function liveRetryPolicy(retry: PurchaseServiceOptions['retry']): () => RetryPolicy {
  if (typeof retry === 'function') return retry;
  const fixed = { ...defaultRetryPolicy, ...retry };
  return () => fixed;
}

/**
 * Purchases: create (intent journaled before the POST), send a not-sent one, resolve an unknown
 * outcome, the poller, check, cancel, recheck and resume after a restart. A POST that may have
 * reached the service is never sent again by TitleDesk on its own.
 */
export class PurchaseService {
  readonly #store: JournalStore;
  readonly #poller: Poller;
  readonly #sender: PurchaseSender;
  readonly #checker: PurchaseChecker;
  readonly #submitter: Submitter;
  readonly #restart: RestartRecovery;
  readonly #clock: Clock;
  readonly #options: PurchaseServiceOptions;
  readonly #environments = new Map<string, PurchaseEnvironment>();
  readonly #closing = new AbortController();
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #unsaved = new UnsavedAnswers();
  #closed = false;

  constructor(options: PurchaseServiceOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#store = new RecordStore(options.dataDir, this.#clock, (id) => {
      this.#unsaved.saved(id);
    });
    const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    const maxConcurrent = options.maxConcurrent ?? 16;
    const slots = new RequestSlots(maxConcurrent);
    this.#poller = new Poller({
      store: this.#store,
      clock: this.#clock,
      random: options.random ?? Math.random,
      retry: liveRetryPolicy(options.retry),
      maxConcurrent,
      slots,
      requestTimeoutMs,
      signal: this.#closing.signal,
      environmentOf: (id) => this.#environmentOf(id),
      ...(options.log === undefined ? {} : { log: options.log }),
      refused: (id, reason) => {
        this.#unsaved.refused(id, reason);
      },
    });
    const rescued = applyRescued(this.#store, options.dataDir);
    if (rescued !== undefined) this.#store.notices.push(rescued);
    const submitter = new Submitter({ store: this.#store, clock: this.#clock, dataDir: options.dataDir, signal: this.#closing.signal, timeoutMs: requestTimeoutMs, slots });
    this.#submitter = submitter;
    this.#sender = new PurchaseSender({
      store: this.#store,
      poller: this.#poller,
      submitter,
      clock: this.#clock,
      environmentOf: (id) => this.#environmentOf(id),
      autoSendMinutes: () => options.autoSendMinutes?.() ?? 10,
      track: (work) => this.#track(work),
      senderId: options.presence?.id,
    });
    this.#checker = new PurchaseChecker({ store: this.#store, poller: this.#poller, clock: this.#clock });
    this.#restart = new RestartRecovery({
      store: this.#store,
      poller: this.#poller,
      sender: this.#sender,
      environmentOf: (id) => this.#environmentOf(id),
      autoSendMinutes: () => options.autoSendMinutes?.() ?? 10,
      presence: options.presence,
    });
    if (options.backups === true) void this.#track(this.#backUp(false));
  }

  get journalPath(): string {
    return this.#store.journalPath;
  }

  /**
   * What the journal found wrong when it opened, for the UI and the CLI to say, and while it
   * refuses answers of followed purchases, a notice of those (unsaved-answers.ts).
   */
  get journalNotices(): JournalStore['notices'] {
    const unsaved = this.#unsaved.notice(this.#store.journalPath);
    return unsaved === undefined ? this.#store.notices : [...this.#store.notices, unsaved];
  }

  /** The journal's path and notices, as journal:status answers and journal:changed pushes them. */
  get journalStatus(): JournalStatus {
    return { path: this.journalPath, notices: this.journalNotices };
  }

  /** Called whenever journalNotices changes while the service runs (the journal refuses answers, or takes them again). */
  onJournalChange(listener: () => void): () => void {
    return this.#unsaved.onChange(listener);
  }

  onUpdate(listener: PurchaseListener): () => void {
    return this.#store.onUpdate(listener);
  }

  /**
   * `localId` lets a caller (a batch) journal which purchase it is about to make before the
   * intent exists; an id already in the journal is refused, so it can never cause a second POST.
   * `context` is kept on the record for people (the address the title was reached from).
   * `target`: a title number, or the resource whose catalog it buys from (a title, a postal
   * address or a UPRN); the record names a title by `titleNumber`, any other by `resource`.
   */
  create(environment: PurchaseEnvironment, target: string | CatalogResource, variables: readonly string[], options: PurchaseOptions = {}, localId?: string, context: PurchaseContext = {}): Promise<PurchaseRecord> {
    return this.#track(this.#create(environment, target, variables, options, localId, context));
  }

  async #create(environment: PurchaseEnvironment, target: string | CatalogResource, variables: readonly string[], options: PurchaseOptions, localId: string | undefined, context: PurchaseContext): Promise<PurchaseRecord> {
    this.#assertOpen();
    this.#remember(environment);
    return this.#sender.create(environment, target, variables, options, localId, context);
  }

  /** Every purchase going out again is first admitted by `gate` (the spending guard), which throws to refuse it. */
  guardResends(gate: (record: PurchaseRecord) => void): void {
    this.#sender.guardResends(gate);
  }

  /**
   * A desk of a team: every POST of a purchase (new, sent again, sent after a start) first asks
   * `gate` (the team's begin); undefined stops asking. Set it before resume(), so that nothing a
   * start sends goes out unasked.
   */
  admitBeforeSend(gate: SendGate | undefined): void {
    this.#submitter.admitBeforeSend(gate);
  }

  /**
   * Other desks' purchases as the team database has them: each added to this journal, or its newer
   * state written over the copy here. Only copies (imported, with `team`) are ever rewritten, so a
   * purchase of this desk's own is never touched. The new copies go in one commit, the changed ones
   * in the journal's group commit, not one transaction each. Resolves with how many copies changed
   * once all are committed.
   */
  async mirrorTeamPurchases(copies: readonly { readonly record: PurchaseRecord; readonly result: string | null }[]): Promise<number> {
    this.#assertOpen();
    const fresh: { record: PurchaseRecord; resultBody: string | null }[] = [];
    const rewrites: Promise<PurchaseRecord>[] = [];
    for (const { record, result } of copies) {
      const write = teamCopyWrite(this.#store.get(record.id), record, result);
      if (write?.kind === 'insert') fresh.push({ record: write.copy, resultBody: result });
      else if (write !== undefined) rewrites.push(this.#store.saveSoon(write.copy, 'normal', write.extra));
    }
    const added = this.#store.insertAllIfAbsent(fresh);
    await Promise.all(rewrites);
    return added + rewrites.length;
  }

  /** "Send now": a purchase that was certainly never sent goes out, once. */
  send(id: string): Promise<PurchaseRecord> {
    this.#assertOpen();
    return this.#track(this.#sender.resend(id, false));
  }

  /** "Send all": every not-sent purchase whose environment is known; resolves with what happened to each. */
  sendAll(): Promise<SendAllReport> {
    this.#assertOpen();
    return this.#track(this.#sender.sendAll());
  }

  /**
   * A purchase whose outcome is unknown: "buy-again" sends it once more (the person accepted that
   * the service may charge twice); "abandon" stops it for good. Abandon also discards a purchase
   * that was never sent.
   */
  resolve(id: string, action: ResolveAction): Promise<PurchaseRecord> {
    this.#assertOpen();
    return this.#track(this.#sender.resolve(id, action));
  }

  /**
   * For support staff: a purchase id or result URL of this environment. One GET now, or with
   * `wait` follow it (not before the server's last advised time) until it settles. A purchase
   * not yet in the history joins it, unless the service does not know it (404).
   */
  check(environment: PurchaseEnvironment, reference: string, options: CheckOptions = {}): Promise<PurchaseRecord> {
    this.#assertOpen();
    this.#remember(environment);
    return this.#track(this.#checker.check(environment, reference, options));
  }

  /** The journal's record of a purchase id or result URL in this environment; refuses what is neither. */
  find(environment: PurchaseEnvironment, reference: string): PurchaseRecord | undefined {
    this.#assertOpen();
    return this.#checker.find(environment, reference);
  }

  /** Stops following a pending purchase. It stays in the history and can be re-checked. */
  cancel(id: string): PurchaseRecord {
    const record = this.#require(id);
    if (record.state === 'submitting') throw new CoreError('validation', 'The purchase request is being sent; it cannot be cancelled now.');
    this.#poller.stop(id);
    if (record.state !== 'pending' && record.state !== 'waiting_for_sign_in' && !record.autoCheck) return record;
    const state = record.state === 'pending' || record.state === 'waiting_for_sign_in' ? 'cancelled' : record.state;
    return this.#store.save({ ...record, state, autoCheck: false }, 'full');
  }

  /** Follows a failed, cancelled or outcome-unknown purchase again, if it has a result address. */
  recheck(id: string): PurchaseRecord {
    const record = this.#require(id);
    if (record.state === 'submitting') throw new CoreError('validation', 'The purchase request is still being sent.');
    if (record.resultUrl === undefined) {
      throw new CoreError('validation', 'The service never gave this purchase a result address, so there is nothing to check. Look it up on the service before buying again.');
    }
    if (this.#environmentOf(record.environmentId) === undefined) {
      throw new CoreError('not_found', `The environment of this purchase (${record.environmentId}) is not configured.`);
    }
    if (record.state === 'available') return record;
    this.#poller.resetFailures(id);
    const saved = this.#store.save({ ...record, state: 'pending', autoCheck: true, error: undefined }, 'full');
    this.#poller.follow(saved);
    return saved;
  }

  /**
   * After a start: pending purchases are followed again from their recorded next check time;
   * interrupted intents become not sent (no sending mark) or outcome-unknown (never re-sent);
   * not-sent ones within the auto-send window go out; waiting ones try their credentials again.
   */
  resume(): ResumeSummary {
    this.#assertOpen();
    return this.#restart.resume();
  }

  /** A one-shot command's recovery: intents left "submitting" by a process that is gone are judged; nothing is sent or followed. */
  judgeInterrupted(): number {
    this.#assertOpen();
    return this.#restart.judgeInterrupted();
  }

  /** Credentials were set or sign-in succeeded: purchases waiting on this environment go on. */
  resumeWaiting(environmentId: string): number {
    return this.#closed ? 0 : this.#restart.resumeWaiting(environmentId);
  }

  get(id: string): PurchaseRecord | undefined {
    return this.#store.get(id);
  }

  /**
   * What becomes of an intent this journal never saw sent (a team desk's start asks before it
   * gives a claim back): 'live' while the process that stamped it runs (it may be sending it now),
   * 'auto-send' when a start sends it again (resume), 'unsent' otherwise; undefined when absent.
   */
  unsentFate(id: string): UnsentFate | undefined {
    const record = this.#store.get(id);
    if (record === undefined) return undefined;
    if (record.sender !== undefined && this.#options.presence?.isLive(record.sender) === true) return 'live';
    const waiting = record.state === 'submitting' || record.state === 'not_sent';
    const sendable = waiting && resourceOfPurchase(record) !== undefined && this.#environmentOf(record.environmentId) !== undefined;
    return sendable && withinAutoSendWindow(record, this.#clock.now(), this.#options.autoSendMinutes?.() ?? 10) ? 'auto-send' : 'unsent';
  }

  list(query: HistoryQuery = {}): PurchaseRecord[] {
    return this.#store.search(query);
  }

  /** History's page: the purchases list() gives, as its rows show them (PurchaseSummary; get() has the rest). */
  summaries(query: HistoryQuery = {}): PurchaseSummary[] {
    return this.#store.summaries(query);
  }

  /** The result collection exactly as received, for `purchase --json`. */
  getResult(id: string): unknown {
    return this.#store.getResult(id);
  }

  waitForSettled(id: string): Promise<PurchaseRecord> {
    return this.#store.waitForSettled(id);
  }

  /** The whole history with results, for one JSON file. */
  exportHistory(): HistoryExport {
    this.#assertOpen();
    return exportHistory(this.#store, this.#clock);
  }

  /** Purchases from another machine's export: kept as history, never sent from here. */
  importHistory(document: HistoryExport): ImportSummary {
    this.#assertOpen();
    return importHistory(this.#store, document);
  }

  /** Each backup checked off the main thread: a damaged one is listed as damaged (journal-backup.ts). */
  async backups(): Promise<{ folder: string; backups: BackupInfo[] }> {
    return { folder: backupDir(this.#options.dataDir), backups: await listBackups(this.#options.dataDir) };
  }

  /** "Restore from backup": done at the next start, before the journal is opened; a damaged backup is refused. */
  restoreBackup(name: string): Promise<BackupInfo> {
    return requestRestore(this.#options.dataDir, name);
  }

  async #backUp(force: boolean): Promise<void> {
    try {
      await this.#store.backUp(this.#options.dataDir, this.#clock.now(), force);
    } catch {
      // A backup that cannot be written must not stop purchases; the next start tries again.
    }
  }

  /** Stops every timer, abandons requests in flight (a later start resumes them), backs up and closes the database. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#closing.abort();
    await this.#poller.close();
    await Promise.allSettled([...this.#inFlight]);
    if (this.#options.backups === true) await this.#backUp(true);
    this.#store.close();
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#inFlight.add(work);
    const forget = (): void => {
      this.#inFlight.delete(work);
    };
    work.then(forget, forget);
    return work;
  }

  #remember(environment: PurchaseEnvironment): void {
    this.#environments.set(environment.id, environment);
  }

  #environmentOf(id: string): PurchaseEnvironment | undefined {
    const known = this.#environments.get(id);
    if (known !== undefined) return known;
    const resolved = this.#options.resolveEnvironment?.(id);
    if (resolved !== undefined) this.#environments.set(id, resolved);
    return resolved;
  }

  #require(id: string): PurchaseRecord {
    this.#assertOpen();
    const record = this.#store.get(id);
    if (record === undefined) throw new CoreError('not_found', 'No such purchase in the history.');
    return record;
  }

  #assertOpen(): void {
    if (this.#closed) throw new CoreError('internal', 'Purchases are shut down.');
  }
}
