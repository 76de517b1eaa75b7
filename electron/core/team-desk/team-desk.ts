import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { CoreError } from '../errors.ts';
import { registerLiveSecret } from '../live-secrets.ts';
import type { PurchaseService } from '../purchases/purchase-service.ts';
import { TeamStore } from '../team/team-store.ts';
import type { TeamConnection } from '../team/team-url.ts';
import { teamSendGate } from './team-admission.ts';
import { isLoginRefused, TeamAwayReasons } from './team-away.ts';
import { TeamImport } from './team-import.ts';
import type { CatalogOf } from './team-prices.ts';
import { reconcileOwn } from './team-start.ts';
import { TeamSync } from './team-sync.ts';
import { TeamStatusBoard, type TeamDeskStatus } from './team-status.ts';
import { awayError } from './team-words.ts';

/** This desk's environments as the team link needs them: matched across desks by base URL, and priced. */
export interface TeamEnvironments {
  list(): readonly { readonly id: string; readonly baseUrl: string }[];
  readonly catalogOf: CatalogOf;
}

export interface TeamDeskOptions {
  /** From parseTeamUrl (Settings → Team, or TITLEDESK_TEAM_DATABASE_URL). */
  readonly connection: TeamConnection;
  /** The desk login's password when the URL carries none (the OS keychain's, TITLEDESK_TEAM_PASSWORD). */
  readonly password?: string | undefined;
  readonly purchases: PurchaseService;
  readonly environments: TeamEnvironments;
  /** The data folder: where the desk keeps its place in the team's changes. */
  readonly dataDir: string;
  /** Problems nobody waits for (the app's log, the CLI's stderr); never carries the password. */
  readonly log?: (message: string) => void;
  /** Between attempts to reach the database while it is away (default 1 s: what waited is written soon after it is back). */
  readonly retryMs?: number;
  /**
   * How old a begin of this desk must be, absent from this journal, before a start gives its claims
   * back (default 2 minutes): until then another folder of the desk (another machine) may be
   * sending it. A begin this journal has is judged by the process that stamped it instead.
   */
  readonly unsentClaimMs?: number;
}

/** The link of a desk to its team's database; one per running core. */
export interface TeamDesk {
  status(): TeamDeskStatus;
  onStatus(listener: (status: TeamDeskStatus) => void): () => void;
  /** Copies every team change since the last read into the local journal now (before a history is read). */
  catchUp(): Promise<number>;
  /** Writes this desk's waiting answers now; resolves when written or the database was found away. */
  flush(): Promise<void>;
  /**
   * Runs an operation on the open connection (the team panel's overview and admin changes): refused
   * with the link's own words while the database is away, and a failure to reach it is told to the
   * link like any other.
   */
  withStore<T>(run: (store: TeamStore) => Promise<T>): Promise<T>;
  /** Writes what waits (a few seconds at most), stops listening and closes the connection. */
  close(): Promise<void>;
}

export type { TeamDeskStatus } from './team-status.ts';

function baseKey(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Joins this desk to its team: from now on every POST first begins in the team database (or is
 * refused), this desk's answers follow to it, and other desks' purchases appear in this journal.
 * Resolves at once even when the database is away (new purchases are then refused, and it is
 * tried again every few seconds). Call it before purchases.resume(), so nothing a start sends
 * goes out unasked.
 */
export async function startTeamDesk(options: TeamDeskOptions): Promise<TeamDesk> {
  const connection = options.connection.password === undefined && options.password !== undefined ? { ...options.connection, password: options.password } : options.connection;
  registerLiveSecret(connection.password);
  const log = options.log ?? (() => undefined);
  const { purchases, environments } = options;
  const board = new TeamStatusBoard(connection.describe);
  const reasons = new TeamAwayReasons(connection);
  const refusal = (cause?: unknown): CoreError => awayError(connection, board.current(), cause);
  const admitted = new Set<string>();
  let store: TeamStore | undefined;
  let teamImport: TeamImport | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  const life = { closed: false };
  const isClosed = (): boolean => life.closed;
  let timer: NodeJS.Timeout | undefined;
  const environmentOf = (teamEnvironment: string): string | undefined => environments.list().find((environment) => baseKey(environment.baseUrl) === teamEnvironment)?.id;
  const teamEnvironmentOf = (id: string): string => {
    const environment = environments.list().find((candidate) => candidate.id === id);
    return environment === undefined ? id : baseKey(environment.baseUrl);
  };

  const sync = new TeamSync({ store: () => store, resultOf: (id) => purchases.getResult(id), reached: (ok, error) => { reached(ok, error); }, log });
  const reached = (ok: boolean, error?: unknown): void => {
    const wasAway = board.current().state === 'unreachable';
    if (ok) reasons.back();
    board.reached(ok ? undefined : reasons.of(error), sync.pending);
    // Back: what waited is written, and what other desks did meanwhile is read.
    if (ok && wasAway) void Promise.all([sync.flush(), teamImport?.catchUp()]).catch(() => undefined);
    if (!ok) retrySoon();
  };
  const stopUpdates = purchases.onUpdate((record: PurchaseRecord) => {
    if (record.sendingAt !== undefined || record.state !== 'submitting') admitted.delete(record.id);
    if (record.imported === true || record.team === undefined || store === undefined || record.team.desk !== store.desk.name) return;
    sync.push(record);
    board.pending(sync.pending);
  });
  const gate = teamSendGate({
    store: () => store, refusal, catalogOf: environments.catalogOf, teamEnvironmentOf, reached, log,
    copy: (row) => teamImport?.copy(row) ?? Promise.resolve(undefined), get: (id) => purchases.get(id),
  });
  purchases.admitBeforeSend(async (intent) => {
    const admission = await gate(intent);
    if (admission.send) admitted.add(intent.id);
    return admission;
  });

  /** Opens the store, then joins: claims never sent given back, LISTEN, the changes missed. */
  async function connect(): Promise<void> {
    if (life.closed) return;
    try {
      if (store === undefined) {
        // A connection that hangs must not hold purchases for long: they are refused sooner instead.
        const opened = await TeamStore.open(connection, { applicationName: 'titledesk-desk', connectTimeoutSeconds: 5 });
        if (isClosed()) {
          await opened.close();
          return;
        }
        store = opened;
        teamImport = new TeamImport(opened, { purchases, dataDir: options.dataDir, database: connection.describe, environmentOf, log });
        board.joined(opened.desk.name);
      }
      const importer = teamImport;
      if (importer === undefined) return;
      // Away because this login is no desk now: reading the team's rows proves nothing, the desk's row does.
      if (board.current().away === 'not-a-desk') await store.checkStillDesk();
      if (unlisten === undefined) {
        await giveBackUnsent(store);
        unlisten = (await store.listen(() => { void importer.catchUp().catch((error: unknown) => { reached(false, error); }); })).unlisten;
      }
      await importer.catchUp();
      // Back after being away: reached() writes what waited (sync reports its own failures).
      reached(true);
    } catch (error) {
      // A server refusing TLS looks like one gone away: it is asked which, once per streak.
      await reasons.learn(error);
      reached(false, error);
    }
  }

  /** At start, and once more when some were too recent to judge (this process stays to do it). */
  async function giveBackUnsent(opened: TeamStore): Promise<void> {
    const waitMs = options.unsentClaimMs ?? 120_000;
    const summary = await reconcileOwn(opened, sync, {
      get: (id) => purchases.get(id), fate: (id) => purchases.unsentFate(id), sending: (id) => admitted.has(id), absentAfterMs: waitMs,
    });
    if (summary.released > 0) log(`The team database gave back the claims of ${String(summary.released)} purchase(s) this desk began but never sent.`);
    if (summary.tooRecent === 0 || isClosed()) return;
    const later = setTimeout(() => { if (store === opened && !isClosed()) void giveBackUnsent(opened).catch((error: unknown) => { reached(false, error); }); }, waitMs);
    later.unref();
  }

  function retrySoon(): void {
    if (life.closed || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, options.retryMs ?? 1000);
    timer.unref();
  }

  await connect();
  return {
    status: () => board.current(sync.pending),
    onStatus: (listener) => board.onChange(listener),
    catchUp: async () => (teamImport === undefined ? 0 : teamImport.catchUp()),
    flush: () => sync.flush(),
    async withStore(run) {
      const open = store;
      if (open === undefined || life.closed || board.current().state === 'unreachable') throw refusal();
      try {
        return await run(open);
      } catch (error) {
        if (error instanceof CoreError && (error.code === 'network' || error.code === 'team_database' || isLoginRefused(error))) reached(false, error);
        throw error;
      }
    },
    async close() {
      if (life.closed) return;
      stopUpdates();
      await Promise.race([sync.flush(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]).catch(() => undefined);
      life.closed = true;
      if (timer !== undefined) clearTimeout(timer);
      await unlisten?.().catch(() => undefined);
      teamImport?.saveCursor();
      await store?.close().catch(() => undefined);
      store = undefined;
      board.close();
    },
  };
}
