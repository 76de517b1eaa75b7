/** A Find the page sent while typing, and the candidate texts its answer carried. */
export interface FindExchange {
  readonly text: string;
  readonly candidates: readonly string[] | undefined;
}

/** The suggestion list as it stood after a change, with what was in the box at that moment. */
export interface ListSnapshot {
  readonly value: string;
  readonly options: readonly string[];
}

/** The newest Find (by the order sent) whose answer the list shows, or -1 when none fits. */
function sourceOf(snapshot: ListSnapshot, finds: readonly FindExchange[]): number {
  for (let index = finds.length - 1; index >= 0; index -= 1) {
    const candidates = finds[index]?.candidates;
    if (candidates === undefined || candidates.length === 0 || candidates.length > snapshot.options.length) continue;
    if (candidates.every((text, position) => (snapshot.options[position] ?? '').includes(text))) return index;
  }
  return -1;
}

/**
 * Stale answers shown: a list that shows the answer to an older Find after a newer one's was
 * already shown (an out-of-order answer overwriting), plus one if the list left on screen is
 * not the answer for the final text when that answer had candidates. Showing the previous
 * answer while the next one loads is not counted: it is never newer than what was shown.
 */
export function countStale(snapshots: readonly ListSnapshot[], finds: readonly FindExchange[]): { stale: number; matched: number } {
  let stale = 0;
  let matched = 0;
  let newestShown = -1;
  let lastSource = -1;
  for (const snapshot of snapshots) {
    if (snapshot.options.length === 0) continue;
    const source = sourceOf(snapshot, finds);
    if (source < 0) continue;
    matched += 1;
    if (source < newestShown) stale += 1;
    newestShown = Math.max(newestShown, source);
    lastSource = source;
  }
  const finalIndex = finds.length - 1;
  const final = finds[finalIndex];
  if (final !== undefined && (final.candidates?.length ?? 0) > 0 && lastSource !== finalIndex) {
    // An identical answer to an earlier Find counts as the final one.
    const same = lastSource >= 0 && JSON.stringify(finds[lastSource]?.candidates) === JSON.stringify(final.candidates);
    if (!same) stale += 1;
  }
  return { stale, matched };
}
