import { describe, expect, it } from 'vitest';
import type { Durability, JournalWrite } from '../../../../../electron/core/purchases/journal/journal.ts';
import { WriteQueue } from '../../../../../electron/core/purchases/journal/write-queue.ts';
import type { PurchaseRecord } from '../../../../../shared/purchase/purchase.ts';

function record(id: string, state: PurchaseRecord['state'] = 'submitting'): PurchaseRecord {
  return { id, environmentId: 'e', titleNumber: 'DN1', variables: [], options: {}, state, autoCheck: true, createdAt: 1, updatedAt: 1, timeline: [] };
}

/** A journal stand-in that keeps what each transaction held, and refuses any batch holding `refused`. */
function recorder(refused?: string, windowMs = 100) {
  const transactions: { ids: string[]; durability: Durability; writes: readonly JournalWrite[] }[] = [];
  const committed: string[] = [];
  const queue = new WriteQueue({
    commit: (writes, durability) => {
      if (writes.some((write) => write.record.id === refused)) throw new Error('disk I/O error');
      transactions.push({ ids: writes.map((write) => write.record.id), durability, writes });
    },
    committed: (write) => committed.push(`${write.record.id}:${write.record.state}`),
    windowMs,
  });
  return { queue, transactions, committed };
}

describe('the journal write queue', () => {
  it('commits what is queued in one turn in one transaction, FULL if any write needs it, and announces after', async () => {
    const { queue, transactions, committed } = recorder();
    const done = [queue.enqueue({ record: record('a') }, 'normal'), queue.enqueue({ record: record('b'), insert: true }, 'full'), queue.enqueue({ record: record('c') }, 'normal')];
    expect(queue.pending('b')?.id).toBe('b');
    expect(transactions).toEqual([]);
    expect(committed).toEqual([]);
    await Promise.all(done);
    expect(transactions.map((t) => [t.ids, t.durability])).toEqual([[['a', 'b', 'c'], 'full']]);
    expect(committed).toEqual(['a:submitting', 'b:submitting', 'c:submitting']);
    expect(queue.pending('b')).toBeUndefined();
  });

  it('keeps one write per record: the newest record, with the insert, result body and durability of the earlier ones', async () => {
    const { queue, transactions } = recorder();
    const first = queue.enqueue({ record: record('a'), insert: true, resultBody: '{"x":1}' }, 'full');
    const second = queue.enqueue({ record: record('a', 'pending') }, 'normal');
    expect(queue.pending('a')?.state).toBe('pending');
    await Promise.all([first, second]);
    expect(transactions).toHaveLength(1);
    expect(transactions[0]?.durability).toBe('full');
    expect(transactions[0]?.writes).toEqual([{ record: record('a', 'pending'), insert: true, resultBody: '{"x":1}' }]);
  });

  it('fails only the write the journal refuses; the others of its turn are committed one by one', async () => {
    const { queue, transactions, committed } = recorder('bad');
    const good = queue.enqueue({ record: record('a') }, 'normal');
    const bad = queue.enqueue({ record: record('bad') }, 'full');
    const other = queue.enqueue({ record: record('c') }, 'full');
    await expect(bad).rejects.toThrow('disk I/O error');
    await Promise.all([good, other]);
    expect(transactions.map((t) => [t.ids, t.durability])).toEqual([[['a'], 'normal'], [['c'], 'full']]);
    expect(committed).toEqual(['a:submitting', 'c:submitting']);
    expect(queue.pending('bad')).toBeUndefined();
  });

  it('writes a change at once with everything queued, and throws when that change is refused', async () => {
    const { queue, transactions } = recorder('bad');
    const queued = queue.enqueue({ record: record('a') }, 'normal');
    queue.flushNow({ record: record('b', 'cancelled') }, 'full');
    expect(transactions.map((t) => [t.ids, t.durability])).toEqual([[['a', 'b'], 'full']]);
    await queued;
    expect(() => {
      queue.flushNow({ record: record('bad') }, 'full');
    }).toThrow('disk I/O error');
    expect(queue.size).toBe(0);
  });

  it('lets a window write wait for company up to the window, and a turn write take it along sooner', async () => {
    const { queue, transactions } = recorder(undefined, 40);
    const startedAt = performance.now();
    const answers = [queue.enqueue({ record: record('a', 'pending') }, 'normal', 'window')];
    await new Promise((resolve) => setImmediate(resolve));
    expect(transactions).toEqual([]);
    answers.push(queue.enqueue({ record: record('b', 'pending') }, 'normal', 'window'));
    await Promise.all(answers);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(35);
    expect(transactions.map((t) => [t.ids, t.durability])).toEqual([[['a', 'b'], 'normal']]);
    const answer = queue.enqueue({ record: record('c', 'pending') }, 'normal', 'window');
    const mark = queue.enqueue({ record: record('d') }, 'full', 'window');
    await Promise.all([answer, mark]);
    expect(transactions.at(-1)?.ids).toEqual(['c', 'd']);
  });

  it('lets results of consecutive turns share a commit a few milliseconds later, unless something FULL comes first', async () => {
    const { queue, transactions } = recorder();
    const first = queue.enqueue({ record: record('a', 'available') }, 'normal', 'soon');
    await new Promise((resolve) => setImmediate(resolve));
    expect(transactions).toEqual([]);
    const second = queue.enqueue({ record: record('b', 'failed') }, 'normal', 'soon');
    await Promise.all([first, second]);
    expect(transactions.map((t) => [t.ids, t.durability])).toEqual([[['a', 'b'], 'normal']]);
    const third = queue.enqueue({ record: record('c', 'available') }, 'normal', 'soon');
    const mark = queue.enqueue({ record: record('d') }, 'full', 'soon');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(transactions.at(-1)?.ids).toEqual(['c', 'd']);
    await Promise.all([third, mark]);
  });

  it('commits a queued write at once when asked for that record, and says when its commit failed', async () => {
    const { queue, transactions } = recorder('bad', 60_000);
    const answer = queue.enqueue({ record: record('a', 'pending') }, 'normal', 'window');
    // With no holder of the write lock, at once: no promise to wait for.
    expect(queue.commitQueued('other')).toBeUndefined();
    expect(transactions).toEqual([]);
    expect(queue.commitQueued('a')).toBeUndefined();
    expect(transactions.map((t) => t.ids)).toEqual([['a']]);
    await answer;
    const refused = queue.enqueue({ record: record('bad', 'pending') }, 'normal', 'window');
    expect(() => queue.commitQueued('bad')).toThrow('disk I/O error');
    await expect(refused).rejects.toThrow('disk I/O error');
  });

  it('leaves the sync of FULL rewrites to later: readable at once, answered and announced once synced, in commit order', async () => {
    const transactions: { ids: string[]; durability: Durability | 'synced later' }[] = [];
    const stored: string[] = [];
    const committed: string[] = [];
    const syncs: { resolve: () => void; reject: (error: Error) => void }[] = [];
    const queue = new WriteQueue({
      commit: (writes, durability) => transactions.push({ ids: writes.map((write) => write.record.id), durability }),
      commitSyncedLater: (writes) => {
        transactions.push({ ids: writes.map((write) => write.record.id), durability: 'synced later' });
        return new Promise((resolve, reject) => syncs.push({ resolve, reject }));
      },
      stored: (write) => stored.push(write.record.id),
      committed: (write) => committed.push(write.record.id),
    });
    let markDone = false;
    const mark = queue.enqueue({ record: record('a') }, 'full').then(() => { markDone = true; });
    const answer = queue.enqueue({ record: record('b', 'pending') }, 'normal');
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Committed in one transaction, and readable, but nobody is told before the sync.
    expect(transactions).toEqual([{ ids: ['a', 'b'], durability: 'synced later' }]);
    expect(stored).toEqual(['a', 'b']);
    expect(committed).toEqual([]);
    expect(markDone).toBe(false);
    // A person's change is on disk when flushNow returns; its announcement waits for the batch before it.
    queue.flushNow({ record: record('c', 'cancelled') }, 'full');
    expect(transactions.at(-1)).toEqual({ ids: ['c'], durability: 'full' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(committed).toEqual([]);
    syncs[0]?.resolve();
    await Promise.all([mark, answer]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(committed).toEqual(['a', 'b', 'c']);
    // A new intent is never left to a later sync; a failed sync fails its writes and tells nobody.
    const intent = queue.enqueue({ record: record('d'), insert: true }, 'full');
    await intent;
    expect(transactions.at(-1)).toEqual({ ids: ['d'], durability: 'full' });
    const refused = queue.enqueue({ record: record('e') }, 'full');
    await new Promise((resolve) => setTimeout(resolve, 5));
    syncs[1]?.reject(new Error('fdatasync: EIO'));
    await expect(refused).rejects.toThrow('EIO');
    expect(committed).toEqual(['a', 'b', 'c', 'd']);
  });

  it('announces a change made without a commit after the batches still waiting for their sync, and at once otherwise', async () => {
    const committed: string[] = [];
    const syncs: (() => void)[] = [];
    const queue = new WriteQueue({
      commit: () => undefined,
      commitSyncedLater: () => new Promise((resolve) => syncs.push(resolve)),
      committed: (write) => committed.push(write.record.id),
    });
    const mark = queue.enqueue({ record: record('a') }, 'full');
    await new Promise((resolve) => setTimeout(resolve, 5));
    queue.inOrder(() => committed.push('held'));
    expect(committed).toEqual([]);
    syncs[0]?.();
    await mark;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(committed).toEqual(['a', 'held']);
    queue.inOrder(() => committed.push('at once'));
    expect(committed).toEqual(['a', 'held', 'at once']);
  });

  it('journals the next check of the later write when two writes of a record merge, or none', async () => {
    const { queue, transactions } = recorder();
    const first = queue.enqueue({ record: record('a', 'pending'), notBefore: 50 }, 'normal');
    const second = queue.enqueue({ record: record('a', 'pending'), notBefore: 70 }, 'normal');
    const other = queue.enqueue({ record: record('b', 'pending'), notBefore: 90 }, 'normal');
    const own = queue.enqueue({ record: record('b', 'pending') }, 'normal');
    await Promise.all([first, second, other, own]);
    expect(transactions[0]?.writes).toEqual([{ record: record('a', 'pending'), notBefore: 70 }, { record: record('b', 'pending') }]);
  });

  it('waits while the write lock is held to empty the log, as long as a large log takes, and commits as soon as it is free', async () => {
    let held = true;
    const transactions: string[][] = [];
    const queue = new WriteQueue({ commit: (writes) => transactions.push(writes.map((write) => write.record.id)), committed: () => undefined, held: () => held });
    const mark = queue.enqueue({ record: record('a') }, 'full');
    // Giving most of a gigabyte back to the file system can take most of a second (wal-checkpointer.ts).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(transactions).toEqual([]);
    expect(queue.pending('a')?.id).toBe('a');
    held = false;
    await mark;
    expect(transactions).toEqual([['a']]);
  });

  it('commits regardless once the lock has been held for longer than it is waited for', async () => {
    const transactions: string[][] = [];
    const queue = new WriteQueue({ commit: (writes) => transactions.push(writes.map((write) => write.record.id)), committed: () => undefined, held: () => true, maxHeldWaitMs: 50 });
    const startedAt = performance.now();
    await queue.enqueue({ record: record('a') }, 'full');
    expect(transactions).toEqual([['a']]);
    // Not at the first turn: it waited for the holder first, and gave up waiting after 50 ms.
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(49);
  });

  it('commits a purchase\'s queued answer before its next GET only once the log has been emptied, without blocking', async () => {
    let held = true;
    const transactions: string[][] = [];
    const queue = new WriteQueue({ commit: (writes) => transactions.push(writes.map((write) => write.record.id)), committed: () => undefined, held: () => held });
    const answer = queue.enqueue({ record: record('a', 'pending') }, 'normal', 'window');
    const committing = queue.commitQueued('a');
    expect(committing).toBeInstanceOf(Promise);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(transactions).toEqual([]);
    held = false;
    await committing;
    await answer;
    expect(transactions).toEqual([['a']]);
    // Nothing queued, or nothing held: at once, with no promise to wait for.
    expect(queue.commitQueued('a')).toBeUndefined();
  });

  it('rejects the promise of a held commit when the commit that took its write failed, as a commit at once throws', async () => {
    const queue = new WriteQueue({
      commit: () => {
        throw new Error('disk I/O error');
      },
      committed: () => undefined,
      held: () => true,
    });
    const answer = queue.enqueue({ record: record('a', 'pending') }, 'normal', 'window');
    const committing = queue.commitQueued('a');
    expect(committing).toBeInstanceOf(Promise);
    // A person's change commits everything queued at once, the waiting answer with it, and fails.
    queue.flushNow();
    await expect(committing).rejects.toThrow('disk I/O error');
    await expect(answer).rejects.toThrow('disk I/O error');
  });

  it('commits at once what a caller commits now, held lock or not', () => {
    const transactions: string[][] = [];
    const queue = new WriteQueue({ commit: (writes) => transactions.push(writes.map((write) => write.record.id)), committed: () => undefined, held: () => true });
    queue.flushNow({ record: record('a') });
    expect(transactions).toEqual([['a']]);
  });
});
