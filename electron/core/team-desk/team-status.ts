import type { TeamAway } from '../../../shared/team/team-status.ts';
import type { AwayReason } from './team-away.ts';

/** What Settings → Team and `titledesk env` show of the link; never the password. */
export interface TeamDeskStatus {
  /** postgres://login@host:port/database (TLS mode). */
  readonly database: string;
  /** This desk's name in the team, once the database was reached. */
  readonly desk?: string | undefined;
  readonly state: 'connecting' | 'connected' | 'unreachable' | 'closed';
  /** Epoch ms since the database could not be reached. */
  readonly unreachableSince?: number | undefined;
  /** Why, in the words of the last failure. */
  readonly problem?: string | undefined;
  /** What kind of failure, for the headline: unreachable, TLS not offered, a certificate, password or login refused, a schema. */
  readonly away?: TeamAway | undefined;
  /** The team database's schema version, while away for it. */
  readonly schemaVersion?: number | undefined;
  /** This desk's answers written locally and not yet in the team database. */
  readonly pendingSync: number;
}

/** The link's state as it changes, told to whoever listens (the host's Settings → Team). */
export class TeamStatusBoard {
  #status: TeamDeskStatus;
  readonly #listeners = new Set<(status: TeamDeskStatus) => void>();

  constructor(database: string) {
    this.#status = { database, state: 'connecting', pendingSync: 0 };
  }

  current(pendingSync = this.#status.pendingSync): TeamDeskStatus {
    return { ...this.#status, pendingSync };
  }

  joined(desk: string): void {
    this.#set({ ...this.#status, desk });
  }

  /** Reached (no reason), or away for `reason`. */
  reached(reason: AwayReason | undefined, pendingSync: number): void {
    if (this.#status.state === 'closed') return;
    if (reason === undefined) {
      this.#set({ database: this.#status.database, desk: this.#status.desk, state: 'connected', pendingSync });
      return;
    }
    const since = this.#status.state === 'unreachable' ? this.#status.unreachableSince : Date.now();
    this.#set({ ...this.#status, state: 'unreachable', unreachableSince: since, problem: reason.problem, away: reason.away, schemaVersion: reason.schemaVersion, pendingSync });
  }

  pending(pendingSync: number): void {
    if (pendingSync !== this.#status.pendingSync) this.#set({ ...this.#status, pendingSync });
  }

  close(): void {
    this.#set({ ...this.#status, state: 'closed' });
  }

  onChange(listener: (status: TeamDeskStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #set(status: TeamDeskStatus): void {
    // Not every new message: a retry's failure says the same again each second.
    const changed = status.state !== this.#status.state || status.pendingSync !== this.#status.pendingSync || status.desk !== this.#status.desk || status.away !== this.#status.away;
    this.#status = status;
    if (changed) for (const listener of this.#listeners) listener(this.current());
  }
}
