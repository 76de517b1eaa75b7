/**
 * The team journal on PostgreSQL: one team's purchases, budget and "never pay twice" shared by
 * every desk. What this folder promises:
 *
 * - The schema is built by numbered migrations (migrations/NNNN-*.ts), applied once, in order, all
 *   or none, by the team's setup login (`titledesk team migrate`); a desk refuses a schema newer
 *   than it knows, and one older than it needs.
 * - Desks never write a table: no INSERT, UPDATE or DELETE grants. SECURITY DEFINER functions are
 *   the only write path, and row-level security shows a desk its own team's rows only.
 * - A purchase begins with one call, in one transaction: its variables are claimed (unique per
 *   team, environment, resource and variable, so two desks never both buy one), its cost is taken
 *   from the day's and month's budget rows by a conditional UPDATE (never over the limit, under any
 *   concurrency), and it is inserted as submitting. A budget refusal claims nothing.
 * - A desk records its own purchases only; settled purchases are read-only; only the state,
 *   answers and acceptance ever change. Money goes back to the budget only for a purchase the
 *   service never accepted.
 * - Notifications carry a sequence number only (LISTEN has no access control); desks read the
 *   changed rows through row-level security, each change once.
 * - Money is exact: numeric(20,4) in the database, decimal strings in TypeScript, never a float.
 * - Connections verify TLS (verify-full) for any host off this machine, with an optional CA file;
 *   the password never appears in a log line or an error.
 */
export { knownSchemaVersion, migrateTeamSchema, readSchemaVersion, SchemaTooNewError, SchemaTooOldError, teamMigrations, type MigrationRun, type TeamMigration } from './migrations/migration.ts';
export { TeamStore, type TeamBeginInput, type TeamChanges, type TeamRecordInput, type TeamStoreOptions } from './team-store.ts';
export { isLoopbackHost, parseTeamUrl, type TeamConnection, type TeamTlsMode, type TeamUrlOptions } from './team-url.ts';
export { addDesk, deskLoginName, scramVerifier, setupTeam, type NewDesk, type TeamSetup } from './team-admin.ts';
export type { DeskRole, HeldVariable, ResourceKind, TeamBeginResult, TeamBudgetRow, TeamDesk, TeamDeskEntry, TeamPurchase, TeamSettings, WaitingClaim } from './team-rows.ts';
export { openTeamSql, type TeamSqlOptions } from './team-connect.ts';
export { teamError } from './team-errors.ts';
export type { TeamBudgets } from './team-budgets.ts';
