import type { ScreenRow } from '../page/row-probe.ts';

/** A change a desk's journal announced: [local id, state, epoch ms, 1 when the desk's own purchase]. */
export type DeskEvent = [string, string, number, 0 | 1];

/** When each change happened on the desk that made it: `${local id} ${state}` to epoch ms. */
function originTimes(reports: readonly { readonly events: readonly DeskEvent[] }[]): Map<string, number> {
  const origin = new Map<string, number>();
  for (const report of reports) for (const [id, state, at, own] of report.events) if (own === 1 && !origin.has(`${id} ${state}`)) origin.set(`${id} ${state}`, at);
  return origin;
}

/**
 * From a change on the desk that made it to the same change on each other desk's journal, in ms:
 * `answers` for what the service answered (pending, available, failed…), `appearing` for a new
 * purchase (submitting), timed from the click on its desk, so it includes its wait for the begin.
 */
export function propagationMs(reports: readonly { readonly events: readonly DeskEvent[] }[], which: 'answers' | 'appearing'): number[] {
  const origin = originTimes(reports);
  const delays: number[] = [];
  for (const report of reports) {
    for (const [id, state, at, own] of report.events) {
      if ((state === 'submitting') !== (which === 'appearing')) continue;
      const from = own === 0 ? origin.get(`${id} ${state}`) : undefined;
      if (from !== undefined) delays.push(at - from);
    }
  }
  return delays;
}

/**
 * From a change on the desk that made it to the screen desk's page showing it, in ms, for the
 * rows its purchase list had in view: `appearing` from the click to the row's first frame (in
 * whatever state it arrived), `answers` from a later state on its desk to the frame that showed
 * it on a row already on screen. Rows never in view (the list shows the newest) are not counted.
 */
export function screenMs(reports: readonly { readonly events: readonly DeskEvent[] }[], rows: readonly ScreenRow[]): { appearing: number[]; answers: number[] } {
  const origin = originTimes(reports);
  const shown = new Set<string>();
  const appearing: number[] = [];
  const answers: number[] = [];
  for (const [id, state, at] of rows) {
    const first = !shown.has(id);
    shown.add(id);
    const from = origin.get(`${id} ${first ? 'submitting' : state}`);
    if (from !== undefined) (first ? appearing : answers).push(at - from);
  }
  return { appearing, answers };
}
