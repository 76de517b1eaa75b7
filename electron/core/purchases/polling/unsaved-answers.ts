import type { JournalNotice } from '../../../../shared/purchase/journal.ts';

/**
 * Followed purchases whose latest answer the journal refused (a full disk, a lock held past its
 * time-out), said to the user as a journal notice: the log tells each refusal (journal-refusals.ts),
 * this is what a person sees in the window without reading a log. A purchase leaves the notice
 * once a later write of it is committed; the notice goes when none is left.
 */
export class UnsavedAnswers {
  readonly #ids = new Set<string>();
  /** What the journal said at its latest refusal. */
  #latest = '';
  readonly #listeners = new Set<() => void>();

  get size(): number {
    return this.#ids.size;
  }

  /** `reason`: what the journal said. */
  refused(id: string, reason: string): void {
    const known = this.#ids.has(id);
    const sameReason = reason === this.#latest;
    this.#ids.add(id);
    this.#latest = reason;
    if (!known || !sameReason) this.#changed();
  }

  /** A write of `id` was committed: whatever it learnt since is on disk. */
  saved(id: string): void {
    // Every committed write comes here: the common case costs one look at the size.
    if (this.#ids.size === 0 || !this.#ids.delete(id)) return;
    this.#changed();
  }

  notice(journalPath: string): JournalNotice | undefined {
    const count = this.#ids.size;
    if (count === 0) return undefined;
    const which = count === 1 ? '1 purchase' : `${count.toLocaleString('en-GB')} purchases`;
    return {
      kind: 'answers_not_saved',
      message: `The journal could not save what the service answered about ${which} (${this.#latest}). ` +
        'They are still followed: TitleDesk asks the service again until the journal takes the answer, and nothing is bought again. ' +
        `If the disk holding ${journalPath} is full, free some space there.`,
      path: journalPath,
    };
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #changed(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch {
        // A host's failure to show the notice must not fail the write path that reported it.
      }
    }
  }
}
