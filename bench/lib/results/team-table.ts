import { at, fmt, num } from './figure-reading.ts';

/** The team section's rows of the generated Performance figures. */
export function teamTable(team: unknown): string[] {
  const pair = (a: string, b: string, unit = ''): string => `${fmt(num(team, a), unit)} / ${fmt(num(team, b), unit)}`;
  const text = (key: string): string => {
    const value = at(team, key);
    return typeof value === 'string' ? value : '-';
  };
  return [
    `| A team of ${fmt(num(team, 'desks'))} desks on one PostgreSQL database, each asking for the same ${fmt(num(team, 'pairs'))} purchases | Result |`,
    '|---|---|',
    `| POSTs counted by the sandbox / titles it took a purchase of (titles taken twice) | ${pair('posts', 'titlesTaken')} (${fmt(num(team, 'doubleBuys'))}) |`,
    `| Team day budget: row / costs kept / limit | £${text('budgetSpent')} / £${text('budgetCharged')} / £${text('budgetLimit')} (${fmt(num(team, 'refusedByBudget'))} refused) |`,
    `| Begin, under that load, p50 / p99 | ${pair('beginP50Ms', 'beginP99Ms', ' ms')} |`,
    `| An answer on its desk to the same on the other desks' journals p50 / p99 | ${pair('propagationP50Ms', 'propagationP99Ms', ' ms')} |`,
    `| A click on one desk to the purchase on the other desks' journals p50 / p99 (includes its wait for the begin) | ${pair('appearingP50Ms', 'appearingP99Ms', ' ms')} |`,
    ...(num(team, 'screenAnswersSamples') === undefined ? [] : [
      `| An answer on its desk to the same on a fifth desk's screen (its purchase list in a browser, rows in view) p50 / p99 (rows) | ${pair('screenAnswersP50Ms', 'screenAnswersP99Ms', ' ms')} (${fmt(num(team, 'screenAnswersSamples'))}) |`,
      `| A click on one desk to the purchase on that screen p50 / p99 (rows) | ${pair('screenAppearingP50Ms', 'screenAppearingP99Ms', ' ms')} (${fmt(num(team, 'screenAppearingSamples'))}) |`,
    ]),
    ...(num(team, 'historyAnswersSamples') === undefined ? [] : [
      `| An answer on its desk to the same in that desk's History (another page, rows in view) p50 / p99 (rows) | ${pair('historyAnswersP50Ms', 'historyAnswersP99Ms', ' ms')} (${fmt(num(team, 'historyAnswersSamples'))}) |`,
      `| A click on one desk to the purchase in that History p50 / p99 (rows) | ${pair('historyAppearingP50Ms', 'historyAppearingP99Ms', ' ms')} (${fmt(num(team, 'historyAppearingSamples'))}) |`,
    ]),
    `| Team: wall time / purchases a second | ${fmt(num(team, 'teamWallSeconds'), ' s')} / ${fmt(num(team, 'teamPerSecond'))} |`,
    ...(num(team, 'burstBusyPercent') === undefined ? [] : [
      `| The machine from the go to the last change (${fmt(num(team, 'burstSeconds'), ' s')}): cores busy / CPU used (the desks', the database's) | ${fmt(num(team, 'burstBusyPercent'), ' %')} / ${fmt(num(team, 'burstCpuSeconds'), ' s')} (${pair('desksCpuSeconds', 'databaseCpuSeconds', ' s')}) |`,
    ]),
    `| The same purchases on ${fmt(num(team, 'desks'))} desks alone (SQLite), a quarter each: wall time / purchases a second | ${fmt(num(team, 'aloneWallSeconds'), ' s')} / ${fmt(num(team, 'alonePerSecond'))} |`,
  ];
}
