import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { CoreError } from '../../../core/errors.ts';
import { addDesk, setupTeam, type NewDesk } from '../../../core/team/team-admin.ts';
import { openTeamSql } from '../../../core/team/team-connect.ts';
import { teamError } from '../../../core/team/team-errors.ts';
import { parseTeamUrl, type TeamConnection } from '../../../core/team/team-url.ts';
import { migrateTeamSchema } from '../../../core/team/migrations/migration.ts';
import { manageCommands, runTeamManage } from './team-manage.ts';
import { runTeamShow } from './team-show.ts';
import { runTeamStatus } from './team-status.ts';
import { printJson, reportError, UsageError } from '../../command-kit.ts';
import { exitCodes } from '../../exit-codes.ts';

/**
 * The team's commands. setup, add-desk and migrate run with the team's setup login (a superuser,
 * or the database owner with CREATEROLE), never a desk's, and touch neither the service nor the
 * local journal. status, show, budget, settings, desk and release are the desk's own: they connect
 * as the desk (team-status.ts, team-show.ts, team-manage.ts), so the database checks its role.
 */

const usage = `Usage: titledesk team <command> [options]

Commands:
  setup --database-url URL [--team NAME] [--admin-desk NAME]
                          the team schema, the team and its first admin desk
  add-desk NAME --role analyst|support|admin [--team NAME] [--login LOGIN]
                          a desk with its own database login (its password is shown once)
  migrate                 bring the team schema to the version this TitleDesk knows
  status [--data-dir DIR] this desk's team database, desk, role and whether it answers:
                          TITLEDESK_TEAM_DATABASE_URL (+ TITLEDESK_TEAM_PASSWORD,
                          TITLEDESK_TEAM_CA_FILE), else the app's Settings → Team on the
                          data folder with its password from the OS keychain
  show [--data-dir DIR]   the team as this desk sees it: settings, limits and spent, desks,
                          purchases waiting for their desk (and when each is releasable)
  budget CURRENCY day|month AMOUNT|none
                          (admin) the team's daily or monthly limit; none removes it
  settings [--reuse-window DURATION] [--claim-timeout DURATION] [--time-zone TZ]
                          (admin) durations such as 7d, 12h, 15m, 90s; TZ such as Europe/London
  desk NAME [--role analyst|support|admin] [--deactivate|--activate]
                          (admin) another desk's role, or whether it may connect
  release TEAM-PURCHASE-ID
                          (support, admin) free the claims of a purchase whose desk never
                          reported back, once the claim timeout has passed

Options:
  --database-url URL      postgres://login:password@host:5432/database with the setup login
                          (default TITLEDESK_TEAM_DATABASE_URL); TLS verify-full is used for
                          any host off this machine unless the URL says sslmode=require|disable
  --ca-file FILE          the certificate authority that signed the server's certificate
  --data-dir DIR          the data folder whose Settings → Team status, show, budget,
                          settings, desk and release use (default TITLEDESK_DATA_DIR)
  --json                  print exactly one JSON document on stdout
  -h, --help              show this help

See docs/team.md for how a team sets up its database.`;

const options: ParseArgsOptionsConfig = {
  'database-url': { type: 'string' },
  'ca-file': { type: 'string' },
  team: { type: 'string' },
  'admin-desk': { type: 'string' },
  role: { type: 'string' },
  login: { type: 'string' },
  'data-dir': { type: 'string' },
  'reuse-window': { type: 'string' },
  'claim-timeout': { type: 'string' },
  'time-zone': { type: 'string' },
  deactivate: { type: 'boolean' },
  activate: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

interface Parsed {
  readonly values: Readonly<Record<string, unknown>>;
  readonly positionals: readonly string[];
}

function text(values: Parsed['values'], name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function connectionFrom(values: Parsed['values']): TeamConnection {
  const url = text(values, 'database-url') ?? process.env['TITLEDESK_TEAM_DATABASE_URL'];
  if (url === undefined || url.trim() === '') throw new UsageError('--database-url URL is needed (or TITLEDESK_TEAM_DATABASE_URL)');
  return parseTeamUrl(url, { caFile: text(values, 'ca-file') });
}

function deskLines(desk: NewDesk, connection: TeamConnection): string {
  return `Desk ${desk.name} (${desk.role}) of team ${desk.team}: login ${desk.login}
Password (shown only now; the database keeps a verifier, not the password): ${desk.password}
The desk connects with postgres://${desk.login}:<password>@${connection.host}:${String(connection.port)}/${connection.database}
`;
}

async function run(command: string, parsed: Parsed, json: boolean): Promise<number> {
  const { values, positionals } = parsed;
  const connection = connectionFrom(values);
  const sql = openTeamSql(connection, { maxConnections: 1, applicationName: 'titledesk team' });
  try {
    if (command === 'migrate') {
      if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
      const migration = await migrateTeamSchema(sql);
      if (json) printJson({ database: connection.describe, ...migration });
      else process.stdout.write(migration.applied.length === 0
        ? `The team schema at ${connection.describe} is already at version ${String(migration.to)}.\n`
        : `The team schema at ${connection.describe} went from version ${String(migration.from)} to ${String(migration.to)}: ${migration.applied.join(', ')}.\n`);
      return exitCodes.ok;
    }
    if (command === 'setup') {
      if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
      const setup = await setupTeam(sql, { team: text(values, 'team') ?? 'team', adminDesk: text(values, 'admin-desk') ?? 'admin' });
      if (json) printJson({ database: connection.describe, schema: setup.migration, team: setup.team, admin: setup.admin });
      else process.stdout.write(`Team ${setup.team} is set up at ${connection.describe} (schema version ${String(setup.migration.to)}).\n${deskLines(setup.admin, connection)}`);
      return exitCodes.ok;
    }
    const [name, ...rest] = positionals;
    if (name === undefined) throw new UsageError('add-desk needs the desk name: titledesk team add-desk NAME --role analyst|support|admin');
    if (rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`);
    const role = text(values, 'role');
    if (role === undefined) throw new UsageError('--role analyst|support|admin is needed');
    const desk = await addDesk(sql, { team: text(values, 'team'), name, role, login: text(values, 'login') });
    if (json) printJson({ database: connection.describe, desk });
    else process.stdout.write(deskLines(desk, connection));
    return exitCodes.ok;
  } catch (error) {
    throw error instanceof UsageError ? error : teamError(error, connection.describe, 'admin');
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const commandNames = new Set(['setup', 'add-desk', 'migrate', 'status', 'show', ...manageCommands]);

/** `titledesk team …`: returns the exit code. */
export async function runTeamCommand(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const json = rest.includes('--json');
  if (command === undefined || command === '--help' || command === '-h') {
    process.stdout.write(`${usage}\n`);
    return command === undefined ? exitCodes.usage : exitCodes.ok;
  }
  const name = `team ${command}`;
  try {
    if (!commandNames.has(command)) throw new UsageError(`unknown command ${JSON.stringify(command)} (setup, add-desk, migrate, status, show, budget, settings, desk or release)`);
    let parsed: Parsed;
    try {
      const result = parseArgs({ args: rest, options, strict: true, allowPositionals: true });
      parsed = { values: result.values, positionals: result.positionals };
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    if (parsed.values['help'] === true) {
      process.stdout.write(`${usage}\n`);
      return exitCodes.ok;
    }
    // A desk's command connects as the desk: a setup login given to it would be silently unused.
    if ((manageCommands.has(command) || command === 'show') && parsed.values['database-url'] !== undefined) {
      throw new UsageError(`--database-url is the setup login's, for setup, add-desk and migrate; team ${command} connects as the desk (TITLEDESK_TEAM_DATABASE_URL or Settings → Team)`);
    }
    const dataDir = text(parsed.values, 'data-dir') ?? text(process.env, 'TITLEDESK_DATA_DIR');
    if (command === 'status' || command === 'show') {
      if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(parsed.positionals[0])}`);
      return await (command === 'status' ? runTeamStatus : runTeamShow)({ dataDir, json, env: process.env });
    }
    if (manageCommands.has(command)) return await runTeamManage(command, { ...parsed, dataDir, json, env: process.env });
    return await run(command, parsed, json);
  } catch (error) {
    const code = reportError(name, error instanceof UsageError || error instanceof CoreError ? error : teamError(error, 'the team database', 'admin'), json);
    if (error instanceof UsageError) process.stderr.write(`${usage}\n`);
    return code;
  }
}
