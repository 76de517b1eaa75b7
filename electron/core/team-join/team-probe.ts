import { certificateAdvice, notADeskAdvice, passwordAdvice } from '../../../shared/team/team-away-words.ts';
import type { TeamAway, TeamProblem, TeamTestResult } from '../../../shared/team/team-status.ts';
import type { TeamBudgetLimit } from '../team/team-rows.ts';
import { CoreError } from '../errors.ts';
import { redactSecrets } from '../redaction.ts';
import { knownSchemaVersion } from '../team/migrations/migration.ts';
import type { TeamBudgets } from '../team/team-budgets.ts';
import { TeamStore } from '../team/team-store.ts';
import type { TeamConnection } from '../team/team-url.ts';
import { schemaMismatchOf } from '../team/team-errors.ts';
import { tlsNotOfferedWords } from './team-tls-words.ts';
import { serverOffersTls } from './tls-offer.ts';

/**
 * What kind of failure a team error is, for the form to point at the field to fix. The team
 * client's messages are the source (team-errors.ts, team-store.ts): its codes alone do not part a
 * wrong password from a login that is no desk, or a refused certificate from a server not there.
 */
export function teamProblemOf(error: unknown): TeamProblem {
  if (!(error instanceof CoreError)) return 'other';
  const message = error.message;
  if (error.code === 'validation') return /certificate authority file/.test(message) ? 'tls' : 'invalid';
  if (error.code === 'protocol') return 'schema';
  if (/refused this desk's login/.test(message)) return 'password';
  if (/is not an active desk/.test(message)) return 'not-a-desk';
  // Not /TLS/: every message names the database with its TLS mode.
  if (/certificate|does not support SSL/i.test(message)) return 'tls';
  if (error.code === 'network' || error.code === 'outcome_unknown') return 'unreachable';
  return 'other';
}

/** The headline's why, and the database's schema version when that is why. */
export interface TeamAwayKind {
  readonly away: TeamAway;
  readonly schemaVersion?: number;
}

/**
 * The headline's why of a failure to use the team database: not reached, or a refusal that waiting
 * will not fix (a certificate, the password, a login no desk, a schema this TitleDesk cannot use).
 * Undefined for any other failure. A server without TLS looks unreachable until it is asked
 * (team-away.ts, tlsNotOffered below).
 */
export function teamAwayOf(error: unknown): TeamAwayKind | undefined {
  const schema = schemaMismatchOf(error);
  if (schema !== undefined) return { away: schema.newer ? 'schema-newer' : 'schema-older', schemaVersion: schema.version };
  const problem = teamProblemOf(error);
  // The CA file itself unreadable: the setting is what to fix, not the server's certificate.
  if (problem === 'tls') return { away: error instanceof CoreError && error.code === 'validation' ? 'setting' : 'certificate' };
  if (problem === 'password' || problem === 'not-a-desk' || problem === 'unreachable') return { away: problem };
  return undefined;
}

/**
 * Each limit with what is spent against it in the running day or month, by the team's calendar
 * (a period's row appears only with its first purchase: none yet means nothing spent), and any
 * running period with spending but no limit. The running day is the database's (budgets.today),
 * never this computer's clock: near midnight a desk whose clock is off would pick the wrong row.
 */
export function currentBudgets(limits: readonly TeamBudgetLimit[], budgets: TeamBudgets): Extract<TeamTestResult, { ok: true }>['budgets'] {
  const day = budgets.today;
  const startOf = (period: 'day' | 'month'): string => (period === 'day' ? day : `${day.slice(0, 8)}01`);
  const running = budgets.rows.filter((row) => row.periodStart === startOf(row.period));
  const limited = limits.map((limit) => {
    const row = running.find((candidate) => candidate.currency === limit.currency && candidate.period === limit.period);
    return { currency: limit.currency, period: limit.period, periodStart: startOf(limit.period), limit: limit.limit, spent: row?.spent ?? '0.0000' };
  });
  const unlimited = running.filter((row) => !limits.some((limit) => limit.currency === row.currency && limit.period === row.period)).map((row) => ({ ...row, limit: null }));
  return [...limited, ...unlimited];
}

/**
 * Why a failure happened, with a next step where the client's message lacks one, and the headline's
 * why: a setting that cannot be used (no database named yet), or as a running desk would say it.
 */
function failureOf(error: unknown, database: string | undefined): TeamTestResult {
  const problem = teamProblemOf(error);
  const base = error instanceof CoreError ? error.message : 'Something went wrong inside TitleDesk while testing the team database.';
  const hint: Partial<Record<TeamProblem, string>> = {
    unreachable: ' Check the URL, and that this machine may reach the server (VPN, firewall).',
    tls: ` ${certificateAdvice}`,
    password: ` ${passwordAdvice}`,
    'not-a-desk': ` ${notADeskAdvice}`,
  };
  const kind: TeamAwayKind | undefined = database === undefined ? { away: 'setting' } : teamAwayOf(error);
  return { ok: false, problem, message: redactSecrets(`${base}${hint[problem] ?? ''}`), ...(database === undefined ? {} : { database }), ...kind };
}

/**
 * A URL that demands TLS of a server that does not offer it: the client's handshake is reset and
 * reads as a server gone away, so the server is asked whether it offers TLS before saying so.
 * Undefined when that is not the reason.
 */
async function tlsNotOffered(error: unknown, connection: TeamConnection): Promise<TeamTestResult | undefined> {
  if (connection.tls === 'disable' || teamProblemOf(error) !== 'unreachable') return undefined;
  if ((await serverOffersTls(connection.host, connection.port)) !== false) return undefined;
  return { ok: false, problem: 'tls', message: redactSecrets(tlsNotOfferedWords(connection)), database: connection.describe, away: 'tls-not-offered' };
}

/**
 * Settings → Team's "Test connection": opens the team database as the desk would (schema version
 * and the login's desk are checked by TeamStore.open), reads the team's settings and budgets, and
 * closes. Never throws: a failure is a result, in words.
 */
export async function probeTeam(connect: () => TeamConnection): Promise<TeamTestResult> {
  let connection: TeamConnection;
  try {
    connection = connect();
  } catch (error) {
    return failureOf(error, undefined);
  }
  let store: TeamStore | undefined;
  try {
    store = await TeamStore.open(connection, { maxConnections: 1, connectTimeoutSeconds: 10, applicationName: 'titledesk test' });
    const [team, limits, budgets, unsettled] = await Promise.all([store.settings(), store.budgetLimits(), store.budgets(), store.unsettledOwn()]);
    return {
      ok: true,
      database: connection.describe,
      desk: { name: store.desk.name, role: store.desk.role },
      team: { name: team.name, reuseWindowSeconds: team.reuseWindowSeconds, claimTimeoutSeconds: team.claimTimeoutSeconds, timeZone: team.timeZone },
      schemaVersion: knownSchemaVersion,
      budgets: currentBudgets(limits, budgets),
      unsettled: unsettled.length,
    };
  } catch (error) {
    return (await tlsNotOffered(error, connection)) ?? failureOf(error, connection.describe);
  } finally {
    await store?.close().catch(() => undefined);
  }
}
