import type { Sql, TransactionSql } from 'postgres';
import { teamSchema } from './0001-team-schema.ts';
import { teamSecurity } from './0002-team-security.ts';
import { beginPurchase } from './0003-begin-purchase.ts';
import { deskFunctions } from './0004-desk-functions.ts';
import { beginOnce } from './0005-begin-once-per-local-id.ts';
import { beginsInGroups } from './0006-begins-in-groups.ts';
import { cheaperBeginsAndAnswers } from './0007-cheaper-begins-and-answers.ts';

/** One numbered step of the team schema; applied once, in order, inside one transaction. */
export interface TeamMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const teamMigrations: readonly TeamMigration[] = [teamSchema, teamSecurity, beginPurchase, deskFunctions, beginOnce, beginsInGroups, cheaperBeginsAndAnswers];

/** The newest schema this TitleDesk knows: desks refuse a database whose schema is newer. */
export const knownSchemaVersion = teamMigrations.reduce((newest, migration) => Math.max(newest, migration.version), 0);

/**
 * What every run makes sure of before the numbered steps: the two group roles (the owner of every
 * object, whose SECURITY DEFINER functions are the only write path, and the group every desk login
 * joins), the schema and the version table. Roles are cluster-wide; the rest lives in this database.
 */
const bootstrap = `
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'titledesk_owner') THEN CREATE ROLE titledesk_owner NOLOGIN; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'titledesk_desk') THEN CREATE ROLE titledesk_desk NOLOGIN; END IF;
  IF NOT pg_has_role(current_user, 'titledesk_owner', 'MEMBER') THEN EXECUTE 'GRANT titledesk_owner TO ' || quote_ident(current_user); END IF;
  EXECUTE format('GRANT CREATE ON DATABASE %I TO titledesk_owner', current_database());
END $$;
SET LOCAL ROLE titledesk_owner;
ALTER DEFAULT PRIVILEGES FOR ROLE titledesk_owner REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;
CREATE SCHEMA IF NOT EXISTS titledesk;
REVOKE ALL ON SCHEMA titledesk FROM PUBLIC;
GRANT USAGE ON SCHEMA titledesk TO titledesk_desk;
CREATE TABLE IF NOT EXISTS titledesk.schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
GRANT SELECT ON titledesk.schema_migrations TO titledesk_desk;
`;

export class SchemaTooNewError extends Error {
  readonly found: number;
  constructor(found: number) {
    super(`the team database's schema is version ${String(found)}, newer than this TitleDesk knows (${String(knownSchemaVersion)}): update TitleDesk on this desk before using it with the team`);
    this.name = 'SchemaTooNewError';
    this.found = found;
  }
}

/** A database whose schema is older than this TitleDesk's: the team's admin migrates it. */
export class SchemaTooOldError extends Error {
  readonly found: number;
  constructor(found: number) {
    super(`has schema version ${String(found)}; this TitleDesk needs ${String(knownSchemaVersion)}: the team's admin runs "titledesk team migrate"`);
    this.name = 'SchemaTooOldError';
    this.found = found;
  }
}

/** The schema version of the database, 0 when TitleDesk's schema is not there at all. */
export async function readSchemaVersion(sql: Sql | TransactionSql): Promise<number> {
  const [table] = await sql<{ present: boolean }[]>`SELECT to_regclass('titledesk.schema_migrations') IS NOT NULL AS present`;
  if (table?.present !== true) return 0;
  const [row] = await sql<{ version: number | null }[]>`SELECT max(version) AS version FROM titledesk.schema_migrations`;
  return row?.version ?? 0;
}

export interface MigrationRun {
  readonly from: number;
  readonly to: number;
  readonly applied: readonly string[];
}

/**
 * Brings the schema to knownSchemaVersion in one transaction (all steps or none), under an advisory
 * lock so two admins running it at once apply each step once. Needs a login that may create roles
 * and owns the database (or a superuser): the team's setup login, never a desk's.
 */
export async function migrateTeamSchema(sql: Sql): Promise<MigrationRun> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext('titledesk-team-migrate'))`;
    const from = await readSchemaVersion(tx);
    if (from > knownSchemaVersion) throw new SchemaTooNewError(from);
    await tx.unsafe(bootstrap);
    const applied: string[] = [];
    for (const migration of teamMigrations) {
      if (migration.version <= from) continue;
      await tx.unsafe(migration.sql);
      await tx`INSERT INTO titledesk.schema_migrations (version, name) VALUES (${migration.version}, ${migration.name})`;
      applied.push(`${String(migration.version).padStart(4, '0')}-${migration.name}`);
    }
    await tx`RESET ROLE`;
    return { from, to: Math.max(from, knownSchemaVersion), applied };
  });
}
