// The team schema's numbered migrations on a real PostgreSQL: applied once, in order, all or none,
// and a desk refuses a schema newer than it knows.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownSchemaVersion, migrateTeamSchema, readSchemaVersion, SchemaTooNewError, teamMigrations } from '../../../electron/core/team/migrations/migration.ts';
import { createTestDatabase, teamServerMissing, teamSkipReason, type TestDatabase } from '../support/team-db.ts';

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'team schema migrations', () => {
  let database: TestDatabase;
  let sql: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = postgres(database.url, { max: 2, onnotice: () => undefined });
  });
  afterAll(async () => {
    await sql.end();
    await database.drop();
  });

  it('starts at version 0 and applies every step once, in order', async () => {
    expect(await readSchemaVersion(sql)).toBe(0);
    const first = await migrateTeamSchema(sql);
    expect(first).toEqual({ from: 0, to: knownSchemaVersion, applied: teamMigrations.map((m) => `${String(m.version).padStart(4, '0')}-${m.name}`) });
    const again = await migrateTeamSchema(sql);
    expect(again).toEqual({ from: knownSchemaVersion, to: knownSchemaVersion, applied: [] });
    const rows = await sql<{ version: number }[]>`SELECT version FROM titledesk.schema_migrations ORDER BY version`;
    expect(rows.map((row) => row.version)).toEqual(teamMigrations.map((m) => m.version));
  });

  it('numbers its steps 1, 2, 3… with no gap', () => {
    expect(teamMigrations.map((m) => m.version)).toEqual(teamMigrations.map((_m, index) => index + 1));
  });

  it('owns every object by titledesk_owner, and grants desks no INSERT, UPDATE or DELETE', async () => {
    const owners = await sql<{ owner: string }[]>`
      SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'titledesk'`;
    expect(owners.map((row) => row.owner)).toEqual(['titledesk_owner']);
    const writes = await sql<{ table_name: string; privilege_type: string }[]>`
      SELECT table_name, privilege_type FROM information_schema.role_table_grants
      WHERE table_schema = 'titledesk' AND grantee IN ('titledesk_desk', 'PUBLIC') AND privilege_type <> 'SELECT'`;
    expect(writes).toEqual([]);
    const publicFunctions = await sql<{ name: string }[]>`
      SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'titledesk' AND has_function_privilege('public', p.oid, 'EXECUTE')`;
    expect(publicFunctions).toEqual([]);
  });

  it('refuses to run against a schema newer than it knows, and changes nothing', async () => {
    await sql`INSERT INTO titledesk.schema_migrations (version, name) VALUES (${knownSchemaVersion + 1}, 'from-the-future')`;
    try {
      await expect(migrateTeamSchema(sql)).rejects.toThrow(SchemaTooNewError);
      await expect(migrateTeamSchema(sql)).rejects.toThrow(`schema is version ${String(knownSchemaVersion + 1)}, newer than this TitleDesk knows (${String(knownSchemaVersion)})`);
    } finally {
      await sql`DELETE FROM titledesk.schema_migrations WHERE version = ${knownSchemaVersion + 1}`;
    }
  });
});
