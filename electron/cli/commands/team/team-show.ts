import { isReleasable, type TeamAdminOverview } from '../../../../shared/team/team-admin.ts';
import { readTeamAdminOverview } from '../../../core/team-join/team-admin-ops.ts';
import { currentBudgets } from '../../../core/team-join/team-probe.ts';
import type { TeamBudgets } from '../../../core/team/team-budgets.ts';
import { printJson } from '../../command-kit.ts';
import { exitCodes } from '../../exit-codes.ts';
import { withDeskStore } from './team-desk-login.ts';
import { teamShowText, type LimitSpent } from './team-show-text.ts';

type Env = Readonly<Record<string, string | undefined>>;

type RunningBudget = ReturnType<typeof currentBudgets>[number];

/** Each limit with what the team spent in its running day or month, on the team's calendar by the database's clock. */
function limitsSpent(overview: TeamAdminOverview, budgets: TeamBudgets): LimitSpent[] {
  return currentBudgets(overview.limits, budgets).filter((row): row is RunningBudget & LimitSpent => row.limit !== null);
}

/** `titledesk team show`: the team as this desk sees it, through its own login. Never a password. */
export async function runTeamShow(options: { readonly dataDir: string | undefined; readonly json: boolean; readonly env: Env }): Promise<number> {
  return withDeskStore(options.dataDir, options.env, async (store, team) => {
    const [overview, budgets] = await Promise.all([readTeamAdminOverview(store), store.budgets()]);
    const now = Date.now();
    const limits = limitsSpent(overview, budgets);
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
          releasable: isReleasable(item, overview.clock, now),
        })),
      });
    } else {
      process.stdout.write(`${teamShowText(overview, limits, team.connection.describe, now)}\n`);
    }
    return exitCodes.ok;
  });
}
