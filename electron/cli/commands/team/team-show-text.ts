import { variableName } from '../../../../shared/catalog/iri.ts';
import { isReleasable, type DatabaseClock, type TeamAdminOverview } from '../../../../shared/team/team-admin.ts';
import { durationWords } from '../../../../shared/team/team-duration.ts';
import { hourMinute } from './team-words.ts';

/** A limit with what the team spent in its running day or month (decimal strings). */
export interface LimitSpent {
  readonly currency: string;
  readonly period: 'day' | 'month';
  readonly limit: string;
  readonly spent: string;
}

function waitingLines(item: TeamAdminOverview['waiting'][number], clock: DatabaseClock, now: number): string {
  const what = `${item.resourceKind} ${item.resource}, ${String(item.variables.length)} variable${item.variables.length === 1 ? '' : 's'}`;
  // By the database's clock, which this computer's may not match.
  const when = isReleasable(item, clock, now) ? 'releasable now' : `releasable at ${hourMinute(item.releasableAt)}`;
  // The names on a line of their own, since a purchase may hold dozens; --json has the whole IRIs.
  return [
    `  team purchase ${item.purchaseId} by desk ${item.desk}: ${what}; last report ${hourMinute(item.lastReportAt)}, ${when}`,
    `    variables: ${item.variables.map(variableName).join(', ')}`,
  ].join('\n');
}

/** `titledesk team show` as text: the team, its settings, limits, desks and what waits for its desk. */
export function teamShowText(overview: TeamAdminOverview, limits: readonly LimitSpent[], database: string, now: number): string {
  const { desk, team } = overview;
  const limitWords = limits.map((limit) => `${limit.currency} ${limit.period} ${limit.limit} (${limit.spent} spent ${limit.period === 'day' ? 'today' : 'this month'})`);
  const deskWords = overview.desks.map((item) => `${item.name} (${item.role}${item.active ? '' : ', inactive'})`);
  return [
    `Team:     ${team.name} at ${database}`,
    `Desk:     ${desk.name} (${desk.role})`,
    `Settings: reuse window ${durationWords(team.reuseWindowSeconds)}, claim timeout ${durationWords(team.claimTimeoutSeconds)}, time zone ${team.timeZone}`,
    `Limits:   ${limitWords.length === 0 ? 'none set' : limitWords.join('; ')}`,
    `Desks:    ${deskWords.join(', ')}`,
    `Waiting:  ${overview.waiting.length === 0 ? 'no purchase is waiting for its desk' : `${String(overview.waiting.length)} purchase(s) begun whose desk has not reported since (support or an admin may release one once releasable: titledesk team release ID)`}`,
    ...overview.waiting.map((item) => waitingLines(item, overview.clock, now)),
  ].join('\n');
}
