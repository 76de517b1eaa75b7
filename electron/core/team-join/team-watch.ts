import type { TeamLinkStatus, TeamTestResult } from '../../../shared/team/team-status.ts';
import type { ResolvedTeam } from './team-config.ts';

export interface TeamWatchOptions {
  /** The team this desk is in now (settings and secrets are read again at each restart). */
  readonly resolve: () => Promise<ResolvedTeam | undefined>;
  /** How often the database is asked again while no team link reports its own state. */
  readonly everyMs?: number;
  readonly onChange?: (status: TeamLinkStatus) => void;
  readonly log?: (message: string) => void;
}

/** A probe's answer as the header shows it; an earlier "unreachable since" is kept while it stays so. */
function statusOf(result: TeamTestResult, previous: TeamLinkStatus, now: number): TeamLinkStatus {
  if (result.ok) return { state: 'connected', database: result.database, desk: result.desk.name, role: result.desk.role, team: result.team.name };
  return {
    state: 'unreachable',
    ...(result.database === undefined ? {} : { database: result.database }),
    since: previous.state === 'unreachable' && previous.since !== undefined ? previous.since : now,
    reason: result.message,
  };
}

/**
 * The app's view of its team database: off without a team, else connected (as which desk) or
 * unreachable since when and why, asked again every half minute. A restart (Settings → Team saved
 * or left) drops the answer of any probe still under way, so an old setting's answer never shows.
 */
export class TeamWatch {
  readonly #options: TeamWatchOptions;
  #status: TeamLinkStatus = { state: 'off' };
  #generation = 0;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: TeamWatchOptions) {
    this.#options = options;
  }

  status(): TeamLinkStatus {
    return this.#status;
  }

  /** Reads the team setting again and asks the database; resolves once the first answer is in. Never throws. */
  async restart(): Promise<TeamLinkStatus> {
    const generation = ++this.#generation;
    clearTimeout(this.#timer);
    let team: ResolvedTeam | undefined;
    try {
      team = await this.#options.resolve();
    } catch (error) {
      this.#set(generation, { state: 'unreachable', since: Date.now(), reason: error instanceof Error ? error.message : 'The team setting cannot be read.' });
      return this.#status;
    }
    if (team === undefined) {
      this.#set(generation, { state: 'off' });
      return this.#status;
    }
    const connection = team.connection;
    this.#set(generation, { state: 'starting', database: connection.describe });
    const ask = async (): Promise<void> => {
      // On first use: the probe brings the team client (decision 001).
      const { probeTeam } = await import('./team-probe.ts');
      const result = await probeTeam(() => connection);
      if (generation !== this.#generation || this.#closed) return;
      this.#set(generation, statusOf(result, this.#status, Date.now()));
      this.#timer = setTimeout(() => { void ask(); }, this.#options.everyMs ?? 30_000);
      // A watch must never keep a CLI command or a test process alive.
      this.#timer.unref();
    };
    await ask();
    return this.#status;
  }

  close(): void {
    this.#closed = true;
    this.#generation += 1;
    clearTimeout(this.#timer);
  }

  #set(generation: number, status: TeamLinkStatus): void {
    if (generation !== this.#generation || this.#closed) return;
    const before = this.#status;
    this.#status = status;
    if (before.state !== status.state || before.reason !== status.reason || before.desk !== status.desk) {
      if (status.state === 'unreachable') this.#options.log?.(`Team database: ${status.reason ?? 'unreachable'}`);
      this.#options.onChange?.(status);
    }
  }
}
