import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import type { Poller, PurchaseEnvironment } from './polling/poller.ts';
import type { PurchaseSender } from './submission/purchase-sender.ts';
import type { JournalStore } from '../stores/journal-store.ts';
import { recoverInterrupted } from './recovery/recovery.ts';

export interface ResumeSummary {
  readonly resumed: number;
  readonly outcomeUnknown: number;
  readonly notSent: number;
  readonly autoSent: number;
}

/** This process's sender id, and whether another's process is still alive (sender-presence.ts). */
export interface SenderPresence {
  readonly id: string;
  isLive(sender: string): boolean;
}

export interface RestartRecoveryOptions {
  readonly store: JournalStore;
  readonly poller: Poller;
  readonly sender: PurchaseSender;
  readonly environmentOf: (environmentId: string) => PurchaseEnvironment | undefined;
  readonly autoSendMinutes: () => number;
  /** Without it, every intent not sent by this process counts as interrupted (one process per folder). */
  readonly presence?: SenderPresence | undefined;
}

/**
 * What a start, and later a sign-in, does with the journal: interrupted intents are judged by
 * their sending mark, recent unsent ones go out, pending ones are followed, and purchases that
 * waited for credentials go on. Imported purchases are history only and are left alone.
 */
export class RestartRecovery {
  readonly #options: RestartRecoveryOptions;

  constructor(options: RestartRecoveryOptions) {
    this.#options = options;
  }

  resume(): ResumeSummary {
    const { store, sender, poller, environmentOf } = this.#options;
    const counts = { resumed: 0, outcomeUnknown: 0, notSent: 0, autoSent: 0 };
    for (const found of store.listInStates(['submitting', 'pending', 'not_sent', 'waiting_for_sign_in'])) {
      if (found.state === 'submitting' && this.#sentByLiveProcess(found)) continue;
      if (sender.isSubmitting(found.id)) continue;
      const record = found.state === 'submitting' ? store.save(recoverInterrupted(found), 'full') : found;
      if (record.state === 'outcome_unknown') counts.outcomeUnknown += 1;
      else if (record.state === 'not_sent') {
        if (sender.autoSend(record)) counts.autoSent += 1;
        else counts.notSent += 1;
      } else if (record.state === 'waiting_for_sign_in') this.#retryWaiting(record);
      else if (record.resultUrl !== undefined && record.autoCheck && environmentOf(record.environmentId) !== undefined) {
        poller.follow(record);
        counts.resumed += 1;
      }
    }
    return counts;
  }

  /**
   * What every other process opening the folder (a one-shot command) does: judge the intents left
   * "submitting" by a process that is gone, by their sending mark, as a start does. It sends and
   * follows nothing: that is left to the app or a batch, which own the folder while they run.
   */
  judgeInterrupted(): number {
    const { store } = this.#options;
    let judged = 0;
    for (const found of store.listInStates(['submitting'])) {
      if (this.#sentByLiveProcess(found)) continue;
      store.save(recoverInterrupted(found), 'full');
      judged += 1;
    }
    return judged;
  }

  /**
   * Whether a live process (this one included) may be sending this intent now: recovery must not
   * touch it, or the answer to a POST in flight would be overwritten (or, unmarked, sent twice).
   */
  #sentByLiveProcess(record: PurchaseRecord): boolean {
    const { sender, presence } = this.#options;
    if (sender.isSubmitting(record.id)) return true;
    if (presence === undefined || record.sender === undefined || record.sender === presence.id) return false;
    return presence.isLive(record.sender);
  }

  resumeWaiting(environmentId: string): number {
    const waiting = this.#options.store.listInStates(['waiting_for_sign_in']).filter((record) => record.environmentId === environmentId);
    for (const record of waiting) this.#retryWaiting(record);
    return waiting.length;
  }

  #retryWaiting(record: PurchaseRecord): void {
    const { store, sender, poller, environmentOf } = this.#options;
    if (record.imported === true || environmentOf(record.environmentId) === undefined || sender.isSubmitting(record.id)) return;
    if (record.resultUrl !== undefined) {
      // Back to pending; a GET goes out only when the advised time has come and a token is at hand.
      const pending = store.save({ ...record, state: 'pending', autoCheck: true, error: undefined }, 'full');
      poller.follow(pending);
      return;
    }
    if (sender.autoSend(record)) return;
    const message = `This purchase was clicked more than ${String(this.#options.autoSendMinutes())} minutes ago, so it waits for "Send now". Nothing was sent.`;
    store.save({ ...record, state: 'not_sent', error: { code: 'not_sent', message } }, 'full');
  }
}
