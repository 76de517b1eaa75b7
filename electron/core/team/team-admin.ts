import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import { CoreError } from '../errors.ts';
import { migrateTeamSchema, type MigrationRun } from './migrations/migration.ts';
import { deskRoleSchema, type DeskRole } from './team-rows.ts';

/**
 * What the team's setup login does (a superuser, or the database owner with CREATEROLE): the schema,
 * the team row and each desk's own login. Desks never run these: they only call the functions.
 */

export interface NewDesk {
  readonly team: string;
  readonly name: string;
  readonly role: DeskRole;
  readonly login: string;
  /** Shown once to the admin who hands it to the desk; the database keeps only a SCRAM verifier. */
  readonly password: string;
}

/**
 * PostgreSQL's SCRAM-SHA-256 verifier for a password, made here so CREATE ROLE never carries the
 * password itself (a server that logs DDL would keep it).
 */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const storedKey = createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${String(iterations)}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

function slug(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/** td_<team>_<desk>, within PostgreSQL's 63-byte names. */
export function deskLoginName(team: string, desk: string): string {
  const login = `td_${slug(team)}_${slug(desk)}`.slice(0, 63);
  if (login.length <= 4) throw new CoreError('validation', `A desk login cannot be made from team ${JSON.stringify(team)} and desk ${JSON.stringify(desk)}: give --login.`);
  return login;
}

function checkName(what: string, name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 100 || /\p{Cc}/u.test(trimmed)) throw new CoreError('validation', `A ${what} name is 1 to 100 characters without control characters.`);
  return trimmed;
}

/** The one team of the database, or the named one; a clear error when that is ambiguous. */
async function findTeam(sql: Sql, team: string | undefined): Promise<{ id: string; name: string }> {
  const rows = await sql<{ id: string; name: string }[]>`SELECT id::text AS id, name FROM titledesk.teams ORDER BY name`;
  if (team !== undefined) {
    const found = rows.find((row) => row.name === team);
    if (found === undefined) throw new CoreError('not_found', `The database has no team named ${JSON.stringify(team)} (it has: ${rows.map((row) => row.name).join(', ') || 'none'}).`);
    return found;
  }
  const [only, ...others] = rows;
  if (only === undefined) throw new CoreError('not_found', 'The database has no team yet: run "titledesk team setup" first.');
  if (others.length > 0) throw new CoreError('validation', `The database has several teams (${rows.map((row) => row.name).join(', ')}): say which with --team.`);
  return only;
}

export async function addDesk(sql: Sql, input: { team?: string | undefined; name: string; role: string; login?: string | undefined }): Promise<NewDesk> {
  const name = checkName('desk', input.name);
  const role = deskRoleSchema.safeParse(input.role);
  if (!role.success) throw new CoreError('validation', `A desk's role is analyst, support or admin, not ${JSON.stringify(input.role)}.`);
  const team = await findTeam(sql, input.team);
  const login = input.login ?? deskLoginName(team.name, name);
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(login)) throw new CoreError('validation', `A desk login is lower-case letters, digits and _ (at most 63), not ${JSON.stringify(login)}.`);
  const password = randomBytes(24).toString('base64url');
  await sql.begin(async (tx) => {
    const [existing] = await tx`SELECT 1 FROM pg_roles WHERE rolname = ${login}`;
    if (existing !== undefined) throw new CoreError('validation', `The login ${login} already exists on this server: choose another with --login.`);
    const [ddl] = await tx<{ text: string }[]>`SELECT format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE titledesk_desk', ${login}::text, ${scramVerifier(password)}::text) AS text`;
    if (ddl === undefined) throw new CoreError('internal', 'The desk login could not be prepared.');
    await tx.unsafe(ddl.text);
    await tx`SET LOCAL ROLE titledesk_owner`;
    await tx`INSERT INTO titledesk.desks (team_id, name, role, login_role) VALUES (${team.id}::bigint, ${name}, ${role.data}, ${login})`;
  });
  return { team: team.name, name, role: role.data, login, password };
}

export interface TeamSetup {
  readonly migration: MigrationRun;
  readonly team: string;
  readonly admin: NewDesk;
}

/** Schema, team and its first admin desk. Run again on the same database, it refuses a second team of the same name. */
export async function setupTeam(sql: Sql, input: { team: string; adminDesk: string }): Promise<TeamSetup> {
  const team = checkName('team', input.team);
  const migration = await migrateTeamSchema(sql);
  await sql.begin(async (tx) => {
    await tx`SET LOCAL ROLE titledesk_owner`;
    const [existing] = await tx`SELECT 1 FROM titledesk.teams WHERE name = ${team}`;
    if (existing !== undefined) throw new CoreError('validation', `The database already has a team named ${JSON.stringify(team)}: add desks with "titledesk team add-desk".`);
    await tx`INSERT INTO titledesk.teams (name) VALUES (${team})`;
  });
  const admin = await addDesk(sql, { team, name: input.adminDesk, role: 'admin' });
  return { migration, team, admin };
}
