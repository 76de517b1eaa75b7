import type { TeamAdminOverview } from '../../../shared/team/team-admin.ts';
import { readTeamAdminOverview } from '../../core/team-join/team-admin-ops.ts';
import { currentBudgets } from '../../core/team-join/team-probe.ts';
import type { TeamBudgetRow } from '../../core/team/team-rows.ts';
import { printJson } from '../command-kit.ts';
import { exitCodes } from '../exit-codes.ts';
import { withDeskStore } from './team-desk-login.ts';
import { claimTimeoutWords, hourMinute, reuseWindowWords } from './team-words.ts';

type Env = Readonly<Record<string, string | undefined>>;

type RunningBudget = ReturnType<typeof currentBudgets>[number];
type LimitSpent = RunningBudget & { readonly limit: string };

/** Each limit with what the team spent in its running day or month, on the team's calendar. */
function limitsSpent(overview: TeamAdminOverview, budgets: readonly TeamBudgetRow[], now: number): LimitSpent[] {
  return currentBudgets(overview.limits, budgets, overview.team.timeZone, new Date(now)).filter((row): row is LimitSpent => row.limit !== null);
}

function waitingLine(item: TeamAdminOverview['waiting'][number], now: number): string {
  const what = `${item.resourceKind} ${item.resource}, ${String(item.variables.length)} variable${item.variables.length === 1 ? '' : 's'}`;
  const when = item.releasableAt <= now ? 'releasable now' : `releasable at ${hourMinute(item.releasableAt)}`;
  return `  team purchase ${item.purchaseId} by desk ${item.desk}: ${what}; last report ${hourMinute(item.lastReportAt)}, ${when}`;
}

function textOf(overview: TeamAdminOverview, limits: readonly LimitSpent[], database: string, now: number): string {
  const { desk, team } = overview;
  const limitWords = limits.map((limit) => `${limit.currency} ${limit.period} ${limit.limit} (${limit.spent} spent ${limit.period === 'day' ? 'today' : 'this month'})`);
  const deskWords = overview.desks.map((item) => `${item.name} (${item.role}${item.active ? '' : ', inactive'})`);
  return [
    `Team:     ${team.name} at ${database}`,
    `Desk:     ${desk.name} (${desk.role})`,
    `Settings: reuse window ${reuseWindowWords(team.reuseWindowSeconds)}, claim timeout ${claimTimeoutWords(team.claimTimeoutSeconds)}, time zone ${team.timeZone}`,
    `Limits:   ${limitWords.length === 0 ? 'none set' : limitWords.join('; ')}`,
    `Desks:    ${deskWords.join(', ')}`,
    `Waiting:  ${overview.waiting.length === 0 ? 'no purchase is waiting for its desk' : `${String(overview.waiting.length)} purchase(s) begun whose desk has not reported since (support or an admin may release one once releasable: titledesk team release ID)`}`,
    ...overview.waiting.map((item) => waitingLine(item, now)),
  ].join('\n');
}

/** `titledesk team show`: the team as this desk sees it, through its own login. Never a password. */
export async function runTeamShow(options: { readonly dataDir: string | undefined; readonly json: boolean; readonly env: Env }): Promise<number> {
  return withDeskStore(options.dataDir, options.env, async (store, team) => {
    const [overview, budgets] = await Promise.all([readTeamAdminOverview(store), store.budgets()]);
    const now = Date.now();
    const limits = limitsSpent(overview, budgets, now);
    if (options.json) {
      printJson({
        database: team.connection.describe,
        source: team.source,
        desk: overview.desk,
        team: overview.team,
        limits,
        desks: overview.desks,
        waiting: overview.waiting.map((item) => ({
          ...item,
          lastReportAt: new Date(item.lastReportAt).toISOString(),
          releasableAt: new Date(item.releasableAt).toISOString(),
          releasable: item.releasableAt <= now,
        })),
      });
    } else {
      process.stdout.write(`${textOf(overview, limits, team.connection.describe, now)}\n`);
    }
    return exitCodes.ok;
  });
}
