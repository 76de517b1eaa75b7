/**
 * Runs `work` over items with at most `limit` at once, keeping results in input order. Kept
 * instead of p-limit: `limit` workers pull the next item, so a batch of thousands of rows never
 * queues a closure and a promise per row up front, and core ships no dependency for 14 lines.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
