import { certificateAdvice, notADeskAdvice, passwordAdvice } from '../../../shared/team/team-away-words.ts';
import type { TeamAway } from '../../../shared/team/team-status.ts';
import { redactSecrets } from '../redaction.ts';
import { teamAwayOf } from '../team-join/team-probe.ts';
import { tlsNotOfferedWords } from '../team-join/team-tls-words.ts';
import { serverOffersTls } from '../team-join/tls-offer.ts';
import { isConnectionLost } from '../team/team-errors.ts';
import type { TeamConnection } from '../team/team-url.ts';

/** Why the link is away, and the words for the header's reason and every refusal meanwhile. */
export interface AwayReason {
  readonly away: TeamAway;
  readonly problem: string | undefined;
  /** The team database's schema version, when that is why. */
  readonly schemaVersion?: number | undefined;
}

/** After the database's own words: what to do, for a refusal that waiting will not fix. */
const adviceByAway: Partial<Record<TeamAway, string>> = {
  certificate: certificateAdvice,
  password: `Nothing was sent. ${passwordAdvice}`,
  'not-a-desk': `Nothing was sent. ${notADeskAdvice}`,
  // The schema's words carry their advice (update TitleDesk, or "titledesk team migrate").
  'schema-newer': 'Nothing was sent.',
  'schema-older': 'Nothing was sent.',
};

/**
 * A refusal of the login (a password refused, a login no longer a desk): like the network's, it
 * makes the link away, as every purchase would be refused the same until it is fixed.
 */
export function isLoginRefused(error: unknown): boolean {
  const away = teamAwayOf(error)?.away;
  return away === 'password' || away === 'not-a-desk';
}

/** How long to wait for the server's TLS answer: the server answered a moment ago, or is gone. */
const tlsQuestionMs = 3_000;

/**
 * Tells a server that does not offer TLS from one that went away. A URL demanding TLS of such a
 * server sees its handshake reset, like a lost connection; only asking the server (tls-offer.ts)
 * tells them apart. Asked once per streak of failures, at its first lost connection, not on every
 * retry: the answer holds until the database is reached again.
 */
export class TeamAwayReasons {
  readonly #connection: TeamConnection;
  readonly #offersTls: (host: string, port: number, timeoutMs: number) => Promise<boolean | undefined>;
  /** This streak's answer; undefined until asked, or while nobody could say. */
  #answer: Promise<boolean | undefined> | undefined;
  #offered: boolean | undefined;

  constructor(connection: TeamConnection, offersTls = serverOffersTls) {
    this.#connection = connection;
    this.#offersTls = offersTls;
  }

  /** Asks the server, once this streak, when `error` may be its refusal of TLS; resolves when known. */
  async learn(error: unknown): Promise<void> {
    if (this.#connection.tls === 'disable' || !isConnectionLost(error)) return;
    const asked = (this.#answer ??= this.#offersTls(this.#connection.host, this.#connection.port, tlsQuestionMs));
    const offered = await asked;
    // Reached meanwhile: that answer was the last streak's.
    if (this.#answer === asked) this.#offered = offered;
  }

  /** Why, from `error` and what this streak learnt: never waits. */
  of(error: unknown): AwayReason {
    // The client's words carry no password; redacted all the same, as they are shown and logged.
    const message = error instanceof Error ? redactSecrets(error.message) : undefined;
    if (this.#offered === false && isConnectionLost(error)) return { away: 'tls-not-offered', problem: redactSecrets(tlsNotOfferedWords(this.#connection)) };
    const kind = teamAwayOf(error);
    // Anything else (a row it cannot read, a failure of its own) is said in its words, as unreachable.
    if (kind === undefined || kind.away === 'unreachable') return { away: 'unreachable', problem: message };
    return { ...kind, problem: `${message ?? ''} ${adviceByAway[kind.away] ?? ''}`.trim() };
  }

  /** The database answered: the streak ends, and the next one asks again. */
  back(): void {
    this.#answer = undefined;
    this.#offered = undefined;
  }
}
