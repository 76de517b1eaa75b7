// Teams and desks for a suite: the setup login (the test server's superuser) makes the schema, the
// teams and each desk's real login role; each desk then connects as itself, as a desk would.
import postgres from 'postgres';
import { addDesk, setupTeam, type NewDesk } from '../../../electron/core/team/team-admin.ts';
import { TeamStore } from '../../../electron/core/team/team-store.ts';
import { parseTeamUrl } from '../../../electron/core/team/team-url.ts';
import { asLogin, suffix } from './team-db.ts';

export interface SeededTeam {
  readonly name: string;
  readonly desks: Readonly<Record<string, NewDesk>>;
}

/** A team (unique name: logins are cluster-wide) with its desks; the first desk listed as admin is the setup's own. */
export async function seedTeam(databaseUrl: string, label: string, desks: Readonly<Record<string, 'analyst' | 'support' | 'admin'>>): Promise<SeededTeam> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    const name = `${label}-${suffix()}`;
    const setup = await setupTeam(sql, { team: name, adminDesk: 'admin' });
    const made: Record<string, NewDesk> = { admin: setup.admin };
    for (const [desk, role] of Object.entries(desks)) made[desk] = await addDesk(sql, { team: name, name: desk, role });
    return { name, desks: made };
  } finally {
    await sql.end();
  }
}

export function deskOf(team: SeededTeam, name: string): NewDesk {
  const desk = team.desks[name];
  if (desk === undefined) throw new Error(`team ${team.name} has no desk ${name}`);
  return desk;
}

export function deskUrl(databaseUrl: string, team: SeededTeam, name: string): string {
  const desk = deskOf(team, name);
  return asLogin(databaseUrl, desk.login, desk.password);
}

export function openDesk(databaseUrl: string, team: SeededTeam, name: string): Promise<TeamStore> {
  return TeamStore.open(parseTeamUrl(deskUrl(databaseUrl, team, name)));
}

/** A raw connection as the desk's own login: what a desk could try outside TitleDesk. */
export function rawDesk(databaseUrl: string, team: SeededTeam, name: string): postgres.Sql {
  return postgres(deskUrl(databaseUrl, team, name), { max: 1, onnotice: () => undefined });
}
