// A team's setup without a superuser, as on a managed PostgreSQL: the database's owner with
// CREATEROLE makes the schema, the team and the desks, and a desk then buys through it.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDesk, setupTeam } from '../../../electron/core/team/team-admin.ts';
import { TeamStore } from '../../../electron/core/team/team-store.ts';
import { parseTeamUrl } from '../../../electron/core/team/team-url.ts';
import { asLogin, suffix, teamServerMissing, teamServerUrl, teamSkipReason, withDatabase } from '../support/team-db.ts';

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'team setup by a database owner who is not a superuser', () => {
  const id = suffix();
  const owner = `td_owner_${id}`;
  const database = `td_owned_${id}`;
  const ownerPassword = `pw-${suffix()}`;
  let server: postgres.Sql;
  let ownerUrl: string;

  beforeAll(async () => {
    server = postgres(teamServerUrl, { max: 1, onnotice: () => undefined });
    await server.unsafe(`CREATE ROLE ${owner} LOGIN CREATEROLE NOSUPERUSER PASSWORD '${ownerPassword}'`);
    await server.unsafe(`CREATE DATABASE ${database} OWNER ${owner}`);
    ownerUrl = asLogin(withDatabase(teamServerUrl, database), owner, ownerPassword);
  });

  afterAll(async () => {
    await server.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await server.end();
  });

  it('is not a superuser, and still sets up the team, adds a desk, and the desk begins a purchase', async () => {
    const sql = postgres(ownerUrl, { max: 1, onnotice: () => undefined });
    try {
      const [me] = await sql<{ superuser: boolean }[]>`SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`;
      expect(me?.superuser).toBe(false);
      const team = `Owners ${id}`;
      const setup = await setupTeam(sql, { team, adminDesk: 'admin' });
      const analyst = await addDesk(sql, { team, name: 'north', role: 'analyst' });
      const desk = await TeamStore.open(parseTeamUrl(asLogin(withDatabase(teamServerUrl, database), analyst.login, analyst.password)));
      try {
        expect(desk.desk).toMatchObject({ name: 'north', role: 'analyst' });
        const begun = await desk.begin({ environment: 'sandbox', localId: `local-${id}`, resourceKind: 'title', resource: 'WYK1', lines: [{ variable: 'https://x.test/vars/A/B#C/D', price: '1.25' }], currency: 'GBP' });
        expect(begun).toMatchObject({ outcome: 'begun' });
      } finally {
        await desk.close();
      }
      const admin = await TeamStore.open(parseTeamUrl(asLogin(withDatabase(teamServerUrl, database), setup.admin.login, setup.admin.password)));
      try {
        expect((await admin.purchasesOf('WYK1')).map((purchase) => purchase.deskName)).toEqual(['north']);
      } finally {
        await admin.close();
      }
    } finally {
      await sql.end();
    }
  });
});
