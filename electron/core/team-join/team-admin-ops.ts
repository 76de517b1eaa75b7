import { teamAdminChangeSchema, type TeamAdminChange, type TeamAdminOverview } from '../../../shared/team/team-admin.ts';
import { CoreError } from '../errors.ts';
import type { TeamStore } from '../team/team-store.ts';

/**
 * The team's administration as a desk does it: read the overview, apply one change. The team
 * database decides who may (admin for budgets, settings and desks; support or admin for a release)
 * and when (a release only after the claim timeout); its refusals come back in words here.
 */

/** Settings, limits, desks and the purchases waiting for release, read through the desk's own login. */
export async function readTeamAdminOverview(store: TeamStore): Promise<TeamAdminOverview> {
  const [settings, limits, desks, waiting] = await Promise.all([store.settings(), store.budgetLimits(), store.desks(), store.waitingClaims()]);
  // Taken as the answer is in: the database's now() is compared with this clock from here on.
  const clock = { databaseNow: waiting.databaseNow.getTime(), readAt: Date.now() };
  // The desk's role as the database has it now: an admin may have changed it since this desk opened.
  const own = desks.find((desk) => desk.name === store.desk.name);
  return {
    desk: { name: store.desk.name, role: own?.role ?? store.desk.role },
    team: { name: settings.name, reuseWindowSeconds: settings.reuseWindowSeconds, claimTimeoutSeconds: settings.claimTimeoutSeconds, timeZone: settings.timeZone },
    limits: limits.map((limit) => ({ currency: limit.currency, period: limit.period, limit: limit.limit })),
    desks: desks.map((desk) => ({ name: desk.name, role: desk.role, active: desk.active })),
    waiting: waiting.claims.map((claim) => ({
      purchaseId: claim.purchaseId,
      desk: claim.desk,
      resourceKind: claim.resourceKind,
      resource: claim.resource,
      variables: claim.variables,
      lastReportAt: claim.lastReportAt.getTime(),
      releasableAt: claim.releasableAt.getTime(),
    })),
    clock,
  };
}

const actions: Readonly<Record<TeamAdminChange['kind'], { readonly doing: string; readonly needs: string }>> = {
  budget: { doing: 'Setting a budget limit', needs: 'an admin desk' },
  settings: { doing: "Changing the team's settings", needs: 'an admin desk' },
  desk: { doing: 'Changing a desk', needs: 'an admin desk' },
  release: { doing: 'Releasing a waiting purchase', needs: 'a support or admin desk' },
};

function article(role: string): string {
  return /^[aeiou]/.test(role) ? `an ${role}` : `a ${role}`;
}

/** A time of day on this computer's clock, with the date when it is not today. */
export function clockWords(at: number, now: number = Date.now()): string {
  const time = new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  const day = (ms: number): string => new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  return day(at) === day(now) ? time : `${time} on ${day(at)}`;
}

/** The database's refusal of `change`, in words that say what to do. */
async function refusal(store: TeamStore, change: TeamAdminChange, error: unknown): Promise<unknown> {
  if (!(error instanceof CoreError)) return error;
  const action = actions[change.kind];
  const role = /a (\w+) desk may not do this/.exec(error.message)?.[1];
  if (error.code === 'unauthorized' && role !== undefined) {
    return new CoreError('unauthorized', `${action.doing} needs ${action.needs}: this desk (${store.desk.name}) is ${article(role)} desk of its team.`, { cause: error });
  }
  if (change.kind === 'desk' && /has no desk named/.test(error.message)) {
    return new CoreError('not_found', `The team has no desk named ${JSON.stringify(change.name)}.`, { cause: error });
  }
  if (change.kind === 'release' && /may still be on its way/.test(error.message)) {
    // The database's own times say when: a re-read finds the purchase unless its desk just reported.
    const waiting = await store.waitingClaims().catch(() => ({ claims: [] }));
    const claim = waiting.claims.find((item) => item.purchaseId === change.purchaseId);
    if (claim !== undefined) {
      return new CoreError('validation', `Team purchase ${change.purchaseId} may still be on its way: desk ${claim.desk} last reported at ${clockWords(claim.lastReportAt.getTime())}, and it becomes releasable at ${clockWords(claim.releasableAt.getTime())} (${claim.releasableAt.toISOString()}).`, { cause: error });
    }
  }
  return error;
}

/**
 * One change to the team, checked with teamAdminChangeSchema first (a bad one never reaches the
 * database), then made by the database function that enforces its role.
 */
export async function applyTeamAdminChange(store: TeamStore, change: TeamAdminChange): Promise<void> {
  const parsed = teamAdminChangeSchema.safeParse(change);
  if (!parsed.success) {
    throw new CoreError('validation', `That team change cannot be made: ${parsed.error.issues.map((issue) => (issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`)).join('; ')}.`);
  }
  const checked = parsed.data;
  try {
    switch (checked.kind) {
      case 'budget':
        await store.setBudget(checked.currency, checked.period, checked.limit);
        return;
      case 'settings':
        await store.setTeamSettings({
          ...(checked.reuseWindowSeconds === undefined ? {} : { reuseWindowSeconds: checked.reuseWindowSeconds }),
          ...(checked.claimTimeoutSeconds === undefined ? {} : { claimTimeoutSeconds: checked.claimTimeoutSeconds }),
          ...(checked.timeZone === undefined ? {} : { timeZone: checked.timeZone }),
        });
        return;
      case 'desk':
        await store.setDesk(checked.name, {
          ...(checked.role === undefined ? {} : { role: checked.role }),
          ...(checked.active === undefined ? {} : { active: checked.active }),
        });
        return;
      case 'release': {
        const seq = await store.releaseStaleClaim(checked.purchaseId);
        // The function answers nothing for a purchase that is not this team's (or does not exist).
        if (seq === null) throw new CoreError('not_found', `The team has no purchase ${checked.purchaseId}.`);
        return;
      }
    }
  } catch (error) {
    throw await refusal(store, checked, error);
  }
}
