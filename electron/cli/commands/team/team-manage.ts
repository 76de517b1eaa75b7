import { maxClaimTimeoutSeconds, maxReuseWindowSeconds, teamAdminChangeSchema, type TeamAdminChange } from '../../../../shared/team/team-admin.ts';
import { durationWords } from '../../../../shared/team/team-duration.ts';
import { CoreError } from '../../../core/errors.ts';
import { applyTeamAdminChange } from '../../../core/team-join/team-admin-ops.ts';
import type { TeamStore } from '../../../core/team/team-store.ts';
import { printJson, reportError, UsageError } from '../../command-kit.ts';
import { exitCodes } from '../../exit-codes.ts';
import { withDeskStore } from './team-desk-login.ts';
import { parseDuration } from './team-words.ts';

/**
 * `titledesk team budget | settings | desk | release`: one change to the team, made through this
 * desk's own login, so the team database decides whether its role may (exit 3 when not).
 */

type Env = Readonly<Record<string, string | undefined>>;
type Values = Readonly<Record<string, unknown>>;

export const manageCommands = new Set(['budget', 'settings', 'desk', 'release']);

function flag(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

function exactly(positionals: readonly string[], count: number, shape: string): void {
  if (positionals.length < count) throw new UsageError(`this needs ${shape}`);
  if (positionals.length > count) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[count])} (${shape})`);
}

/** The command line as one change, checked by the same schema the app uses: bad input exits 2. */
export function changeOf(command: string, values: Values, positionals: readonly string[]): TeamAdminChange {
  let change: unknown;
  if (command === 'budget') {
    exactly(positionals, 3, 'titledesk team budget CURRENCY day|month AMOUNT|none');
    const [currency = '', period = '', amount = ''] = positionals;
    change = { kind: 'budget', currency, period, limit: amount.toLowerCase() === 'none' ? null : amount };
  } else if (command === 'settings') {
    exactly(positionals, 0, 'titledesk team settings [--reuse-window DURATION] [--claim-timeout DURATION] [--time-zone TZ]');
    const reuse = flag(values, 'reuse-window');
    const timeout = flag(values, 'claim-timeout');
    const timeZone = flag(values, 'time-zone');
    change = {
      kind: 'settings',
      ...(reuse === undefined ? {} : { reuseWindowSeconds: parseDuration(reuse, '--reuse-window', maxReuseWindowSeconds) }),
      ...(timeout === undefined ? {} : { claimTimeoutSeconds: parseDuration(timeout, '--claim-timeout', maxClaimTimeoutSeconds) }),
      ...(timeZone === undefined ? {} : { timeZone: timeZone.trim() }),
    };
  } else if (command === 'desk') {
    exactly(positionals, 1, 'titledesk team desk NAME [--role analyst|support|admin] [--deactivate|--activate]');
    if (values['deactivate'] === true && values['activate'] === true) throw new UsageError('--deactivate and --activate cannot go together');
    const role = flag(values, 'role');
    const active = values['deactivate'] === true ? false : values['activate'] === true ? true : undefined;
    change = { kind: 'desk', name: positionals[0], ...(role === undefined ? {} : { role }), ...(active === undefined ? {} : { active }) };
  } else {
    exactly(positionals, 1, 'titledesk team release TEAM-PURCHASE-ID');
    change = { kind: 'release', purchaseId: positionals[0]?.trim() };
  }
  const parsed = teamAdminChangeSchema.safeParse(change);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => (issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`)).join('; '));
  return parsed.data;
}

/** What the change did, read back from the team database: its words and its JSON. */
async function outcome(store: TeamStore, change: TeamAdminChange, before: string): Promise<{ readonly words: string; readonly result: Readonly<Record<string, unknown>> }> {
  if (change.kind === 'budget') {
    const limit = (await store.budgetLimits()).find((item) => item.currency === change.currency && item.period === change.period)?.limit ?? null;
    const words = limit === null ? `no ${change.currency} ${change.period} limit now (was ${before})` : `${change.currency} ${change.period} limit now ${limit} (was ${before}); the running ${change.period} takes it at once`;
    return { words: `Team budget: ${words}.`, result: { limit } };
  }
  if (change.kind === 'settings') {
    const settings = await store.settings();
    const team = { name: settings.name, reuseWindowSeconds: settings.reuseWindowSeconds, claimTimeoutSeconds: settings.claimTimeoutSeconds, timeZone: settings.timeZone };
    return { words: `Team ${team.name} now: reuse window ${durationWords(team.reuseWindowSeconds)}, claim timeout ${durationWords(team.claimTimeoutSeconds)}, time zone ${team.timeZone} (was ${before}).`, result: { team } };
  }
  if (change.kind === 'desk') {
    const desk = (await store.desks()).find((item) => item.name === change.name);
    return { words: `Desk ${change.name} is now ${desk === undefined ? 'gone' : `${desk.role}, ${desk.active ? 'active' : 'inactive (its login can no longer connect as a desk)'}`} (was ${before}).`, result: { desk: desk ?? null } };
  }
  const purchase = await store.purchase(change.purchaseId);
  const what = purchase === undefined ? '' : ` (desk ${purchase.deskName}, ${purchase.resourceKind} ${purchase.resource})`;
  return {
    words: `Released team purchase ${change.purchaseId}${what}: its variables are free for any desk to buy; it is now ${purchase?.state ?? 'outcome_unknown'} and its cost stays spent (its request may have reached the service).`,
    result: { purchase: purchase === undefined ? null : { id: purchase.id, desk: purchase.deskName, resourceKind: purchase.resourceKind, resource: purchase.resource, state: purchase.state } },
  };
}

/** The state the change replaces, in words, for "(was …)". */
async function beforeWords(store: TeamStore, change: TeamAdminChange): Promise<string> {
  if (change.kind === 'budget') return (await store.budgetLimits()).find((item) => item.currency === change.currency && item.period === change.period)?.limit ?? 'none';
  if (change.kind === 'settings') {
    const settings = await store.settings();
    return `reuse window ${durationWords(settings.reuseWindowSeconds)}, claim timeout ${durationWords(settings.claimTimeoutSeconds)}, time zone ${settings.timeZone}`;
  }
  if (change.kind === 'desk') {
    const desk = (await store.desks()).find((item) => item.name === change.name);
    return desk === undefined ? 'not a desk of this team' : `${desk.role}, ${desk.active ? 'active' : 'inactive'}`;
  }
  return '';
}

export async function runTeamManage(command: string, options: { readonly values: Values; readonly positionals: readonly string[]; readonly dataDir: string | undefined; readonly json: boolean; readonly env: Env }): Promise<number> {
  const change = changeOf(command, options.values, options.positionals);
  return withDeskStore(options.dataDir, options.env, async (store, team) => {
    const before = await beforeWords(store, change);
    try {
      await applyTeamAdminChange(store, change);
    } catch (error) {
      // The input was checked above: a validation error now is the database refusing it (too
      // early to release, an admin demoting itself), not a usage mistake.
      if (error instanceof CoreError && error.code === 'validation') {
        reportError(`team ${command}`, error, options.json);
        return exitCodes.failure;
      }
      throw error;
    }
    const done = await outcome(store, change, before);
    if (options.json) printJson({ database: team.connection.describe, desk: store.desk.name, change, ...done.result });
    else process.stdout.write(`${done.words}\n`);
    return exitCodes.ok;
  });
}
