import { join } from 'node:path';
import { awayHeadline } from '../../../../shared/team/team-away-words.ts';
import type { TeamProblem, TeamTestResult } from '../../../../shared/team/team-status.ts';
import { durationWords } from '../../../../shared/team/team-duration.ts';
import { probeTeam, type ResolvedTeam } from '../../../core/team-join/index.ts';
import { printJson } from '../../command-kit.ts';
import { exitCodes, type ExitCode } from '../../exit-codes.ts';
import { deskTeam } from './team-desk-login.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** A failed probe's exit code, as the CLI's other commands use them: 3 a login to fix, 5 try later. */
const exitByProblem: Readonly<Record<TeamProblem, ExitCode>> = {
  invalid: exitCodes.usage,
  unreachable: exitCodes.unavailable,
  password: exitCodes.auth,
  tls: exitCodes.unavailable,
  schema: exitCodes.unavailable,
  'not-a-desk': exitCodes.auth,
  other: exitCodes.failure,
};

function sourceWords(team: ResolvedTeam, dataDir: string): string {
  return team.source === 'environment' ? 'TITLEDESK_TEAM_DATABASE_URL' : `Settings → Team (${join(dataDir, 'settings.json')})`;
}

function pendingWords(pending: number | null): string {
  if (pending === null) return 'not known (the team database must answer to compare)';
  return pending === 0 ? 'none: the team database has every answer of this desk' : `${String(pending)} answer(s) of this desk not yet in the team database (written when the app or a command joins)`;
}

function reachableLines(result: Extract<TeamTestResult, { ok: true }>): string[] {
  const budgets = result.budgets.map((row) => `${row.currency} ${row.period} from ${row.periodStart}: ${row.spent} spent of ${row.limit ?? 'no limit'}`);
  return [
    `Desk:          ${result.desk.name} (${result.desk.role}) of team ${result.team.name}`,
    `Reachable:     yes, schema version ${String(result.schemaVersion)}`,
    `Team settings: reuse window ${durationWords(result.team.reuseWindowSeconds)}, claim timeout ${durationWords(result.team.claimTimeoutSeconds)}, time zone ${result.team.timeZone}`,
    `Budgets:       ${budgets.length === 0 ? 'none set' : budgets.join('; ')}`,
    `Unsettled:     ${String(result.unsettled)} of this desk's purchases not yet settled in the team database`,
  ];
}

type Failure = Extract<TeamTestResult, { ok: false }>;

/** Why, as the app's header would headline it (its own words when not the network's), then the reason. */
function failureLines(result: Failure): string[] {
  if (result.away === undefined) return [`Reachable:     no (${result.problem}): ${result.message}`];
  return [`Reachable:     no (${result.problem}): ${awayHeadline(result)}`, `Why:           ${result.message}`];
}

function failureJson(result: Failure): Record<string, unknown> {
  const away = result.away === undefined ? {} : { away: result.away, headline: awayHeadline(result), ...(result.schemaVersion === undefined ? {} : { schemaVersion: result.schemaVersion }) };
  return { problem: result.problem, message: result.message, ...away };
}

/**
 * `titledesk team status`: which team database this desk uses (the TITLEDESK_TEAM_* variables, else
 * the app's Settings → Team on the data folder with its password from the keychain), as which desk,
 * and whether it answers. Never prints a password. Exit 0 when reachable or in no team.
 */
export async function runTeamStatus(options: { readonly dataDir: string | undefined; readonly json: boolean; readonly env: Env }): Promise<number> {
  const { dataDir, team } = await deskTeam(options.dataDir, options.env);
  if (team === undefined) {
    if (options.json) printJson({ team: null, dataDir });
    else process.stdout.write(`This desk is in no team: neither TITLEDESK_TEAM_DATABASE_URL nor Settings → Team in ${dataDir} is set.\n`);
    return exitCodes.ok;
  }
  const result = await probeTeam(() => team.connection);
  // Only a desk that answers can be compared with; a failure to compare is said, not guessed.
  // The journal and the core load only here: setup, add-desk and migrate never need them.
  const pending = result.ok ? await import('./team-pending.ts').then(({ pendingSync }) => pendingSync(team.connection, dataDir)).catch(() => null) : null;
  // A refused login with no password at all is most often a keychain this process cannot open.
  const noPassword = !result.ok && result.problem === 'password' && team.connection.password === undefined;
  if (options.json) {
    printJson({ team: { database: team.connection.describe, source: team.source, tls: team.connection.tls }, dataDir, reachable: result.ok, pendingSync: pending, ...(result.ok ? { result } : failureJson(result)) });
  } else {
    const lines = [
      `Team database: ${team.connection.describe}, from ${sourceWords(team, dataDir)}`,
      ...(result.ok ? reachableLines(result) : failureLines(result)),
      ...(noPassword ? ['Password:      none found: not in the OS keychain for this data folder, and TITLEDESK_TEAM_PASSWORD is not set'] : []),
      `Pending sync:  ${pendingWords(pending)}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return result.ok ? exitCodes.ok : exitByProblem[result.problem];
}
