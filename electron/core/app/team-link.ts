import type { TeamAdminChange, TeamAdminOverview } from '../../../shared/team/team-admin.ts';
import type { TeamAdminView } from '../../../shared/team/team-admin-view.ts';
import type { TeamLinkStatus } from '../../../shared/team/team-status.ts';
import { CoreError } from '../errors.ts';
import type { EnvironmentRegistry } from '../env/environment-registry.ts';
import type { PurchaseService } from '../purchases/purchase-service.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { SendGate } from '../stores/send-gate.ts';
import type { TeamDesk, TeamDeskStatus } from '../team-desk/team-desk.ts';
import type { ResolvedTeam } from '../team-join/team-config.ts';
import type { TeamStore } from '../team/team-store.ts';
import type { TeamConnection } from '../team/team-url.ts';

type Env = Readonly<Record<string, string | undefined>>;

export interface TeamLinkOptions {
  readonly environments: EnvironmentRegistry;
  readonly purchases: PurchaseService;
  readonly secrets: SecretStore;
  readonly dataDir: string;
  /** The CLI's TITLEDESK_TEAM_* variables, which win over Settings → Team; the app passes none. */
  readonly variables?: Env;
  readonly onChange?: (status: TeamLinkStatus) => void;
  readonly log?: (message: string) => void;
}

/** Who this desk is in its team: asked once per join, as the link itself knows only the desk's name. */
interface Identity {
  readonly role: NonNullable<TeamLinkStatus['role']>;
  readonly team: string;
}

/** The team link's state as the header and team:status show it. */
function statusOf(status: TeamDeskStatus, identity?: Identity): TeamLinkStatus {
  const state = status.state === 'connecting' ? 'starting' : status.state === 'closed' ? 'off' : status.state;
  return {
    state,
    database: status.database,
    ...(status.desk === undefined ? {} : { desk: status.desk }),
    ...(identity === undefined ? {} : { role: identity.role, team: identity.team }),
    ...(status.unreachableSince === undefined ? {} : { since: status.unreachableSince }),
    ...(status.problem === undefined ? {} : { reason: status.problem }),
    ...(status.away === undefined ? {} : { away: status.away }),
    ...(status.schemaVersion === undefined ? {} : { schemaVersion: status.schemaVersion }),
    pendingSync: status.pendingSync,
  };
}

/**
 * This core's link to its team database (team-desk/): started when a team is set (Settings → Team,
 * or the CLI's variables), replaced when the setting is saved again, closed when the desk leaves.
 * A team that is set but cannot be used (its CA file unreadable, its URL invalid) refuses every
 * new purchase rather than letting one go without the team's begin. The team client loads on first
 * use, so a desk in no team never loads it (decision 001).
 */
export class TeamLink {
  readonly #options: TeamLinkOptions;
  #desk: TeamDesk | undefined;
  #identity: Identity | undefined;
  #stopStatus: (() => void) | undefined;
  #status: TeamLinkStatus = { state: 'off' };
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(options: TeamLinkOptions) {
    this.#options = options;
  }

  status(): TeamLinkStatus {
    return this.#desk === undefined ? this.#status : statusOf(this.#desk.status(), this.#identity);
  }

  /** The link open now, for a history read that must include what other desks just did. */
  get desk(): TeamDesk | undefined {
    return this.#desk;
  }

  /** (Re)reads the team setting and starts the link; one restart at a time, in call order. Never throws. */
  restart(): Promise<TeamLinkStatus> {
    const next = this.#queue.then(() => this.#restart());
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** The team panel: the team's settings, budgets (with what is spent), desks and purchases waiting for their desk. */
  adminOverview(): Promise<TeamAdminView> {
    return this.#withStore((store) => this.#overview(store));
  }

  /**
   * An admin's change (budget, settings, a desk) or a release by support or an admin, made by this
   * desk's own login (the database refuses what its role may not do); answers the overview after it.
   */
  adminChange(change: TeamAdminChange): Promise<TeamAdminView> {
    return this.#withStore(async (store) => {
      const { applyTeamAdminChange } = await import('../team-join/team-admin-ops.ts');
      await applyTeamAdminChange(store, change);
      return this.#overview(store);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue;
    await this.#stop();
  }

  async #restart(): Promise<TeamLinkStatus> {
    // Until the new setting is known, nothing is sent: neither by the old team's rules nor by none.
    await this.#stop(() => Promise.reject(new CoreError('team_database', 'Settings → Team is being applied; try again in a moment. Nothing was sent.')));
    if (this.#closed) return this.#status;
    const setting = this.#options.environments.team();
    const named = (this.#options.variables?.['TITLEDESK_TEAM_DATABASE_URL'] ?? '').trim() !== '';
    if (setting === undefined && !named) return this.#leave();
    let team: ResolvedTeam | undefined;
    try {
      const { resolveTeam } = await import('../team-join/team-config.ts');
      team = await resolveTeam({ setting, secrets: this.#options.secrets, ...(this.#options.variables === undefined ? {} : { env: this.#options.variables }) });
    } catch (error) {
      return this.#refuseAll(error);
    }
    if (team === undefined) return this.#leave();
    this.#set({ state: 'starting', database: team.connection.describe });
    let desk: TeamDesk;
    try {
      const { startTeamDesk, teamEnvironmentsOf } = await import('../team-desk/index.ts');
      desk = await startTeamDesk({
        connection: team.connection,
        purchases: this.#options.purchases,
        environments: teamEnvironmentsOf(this.#options.environments),
        dataDir: this.#options.dataDir,
        ...(this.#options.log === undefined ? {} : { log: this.#options.log }),
      });
    } catch (error) {
      return this.#refuseAll(error);
    }
    // Closed while it started (the app quitting): read again, as the await may have changed it.
    if (this.#isClosed()) {
      await desk.close();
      return this.#status;
    }
    this.#desk = desk;
    const connection = team.connection;
    this.#stopStatus = desk.onStatus((status) => {
      this.#options.onChange?.(statusOf(status, this.#identity));
      if (status.state === 'connected') void this.#learnIdentity(desk, connection);
    });
    this.#options.onChange?.(this.status());
    if (desk.status().state === 'connected') void this.#learnIdentity(desk, connection);
    return this.status();
  }

  /** The desk's role and team's name, for the header: one test connection per join. Never throws. */
  async #learnIdentity(desk: TeamDesk, connection: TeamConnection): Promise<void> {
    if (this.#identity !== undefined) return;
    const { probeTeam } = await import('../team-join/team-probe.ts');
    const result = await probeTeam(() => connection);
    if (!result.ok || this.#desk !== desk) return;
    this.#identity = { role: result.desk.role, team: result.team.name };
    this.#options.onChange?.(this.status());
  }

  #withStore<T>(run: (store: TeamStore) => Promise<T>): Promise<T> {
    const desk = this.#desk;
    if (desk !== undefined) return desk.withStore(run);
    const status = this.#status;
    const words = status.state === 'off'
      ? 'This desk is in no team: join one in Settings → Team first.'
      : status.state === 'starting'
        ? 'This desk is joining its team; try again in a moment.'
        : `The team database cannot be used: ${status.reason ?? 'it cannot be reached.'}`;
    return Promise.reject(new CoreError(status.state === 'off' ? 'validation' : 'team_database', words));
  }

  async #overview(store: TeamStore): Promise<TeamAdminView> {
    const [{ readTeamAdminOverview }, { currentBudgets }] = await Promise.all([import('../team-join/team-admin-ops.ts'), import('../team-join/team-probe.ts')]);
    const [overview, budgets] = await Promise.all([readTeamAdminOverview(store), store.budgets()]);
    this.#learnedFromOverview(overview);
    return {
      desk: overview.desk,
      team: overview.team,
      budgets: currentBudgets(overview.limits, budgets),
      desks: [...overview.desks],
      waiting: overview.waiting.map((item) => ({ ...item, variables: [...item.variables] })),
      clock: overview.clock,
    };
  }

  /** The header's role and team follow what the overview says (an admin may have changed this desk's role). */
  #learnedFromOverview(overview: TeamAdminOverview): void {
    const identity = { role: overview.desk.role, team: overview.team.name };
    if (this.#identity?.role === identity.role && this.#identity.team === identity.team) return;
    this.#identity = identity;
    this.#options.onChange?.(this.status());
  }

  /** No team: purchases go as a lone desk's do, with no gate. */
  #leave(): TeamLinkStatus {
    this.#options.purchases.admitBeforeSend(undefined);
    this.#set({ state: 'off' });
    return this.#status;
  }

  /** A team set but unusable: nothing may be sent without its begin, so every send is refused, in words. */
  #refuseAll(error: unknown): TeamLinkStatus {
    const reason = error instanceof CoreError ? error.message : 'The team setting cannot be used.';
    this.#options.purchases.admitBeforeSend(() => Promise.reject(new CoreError('team_database', `${reason} No new purchase can begin until Settings → Team is fixed. Nothing was sent.`)));
    this.#set({ state: 'unreachable', since: Date.now(), reason, away: 'setting' });
    return this.#status;
  }

  #isClosed(): boolean {
    return this.#closed;
  }

  async #stop(gate?: SendGate): Promise<void> {
    this.#stopStatus?.();
    this.#stopStatus = undefined;
    const desk = this.#desk;
    this.#desk = undefined;
    this.#identity = undefined;
    if (desk !== undefined) {
      this.#status = statusOf(desk.status());
      await desk.close();
    }
    this.#options.purchases.admitBeforeSend(gate);
  }

  #set(status: TeamLinkStatus): void {
    this.#status = status;
    this.#options.onChange?.(status);
  }
}
