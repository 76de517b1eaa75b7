/**
 * How a desk joins a team (Settings → Team, the CLI's TITLEDESK_TEAM_* variables) and what it sees
 * of the team database. What this folder promises:
 *
 * - The setting (URL, login, CA file) lives in the settings file; the password only in the secret
 *   store (the OS keychain where there is one), under an id no environment can take, and it never
 *   goes back to the renderer: the renderer learns only whether one is saved.
 * - The variables win over the setting, for a CLI run that names another database.
 * - "Test connection" opens the database as the desk would (schema version, an active desk),
 *   reads the team's settings and budgets, and says what failed in words, never with the password.
 * - The app loads the team client (postgres.js, the URL parser, the probe) on first use only:
 *   team-secret.ts is all it reads at start (decision 001). Import that file directly from app
 *   code; this index loads everything. The link itself is app/team-link.ts over team-desk/.
 */
export { resolveTeam, teamConnectionFromEnv, teamConnectionOf, type ResolvedTeam, type TeamSource } from './team-config.ts';
export { teamSecretId } from './team-secret.ts';
export { probeTeam, teamProblemOf } from './team-probe.ts';
export { applyTeamAdminChange, clockWords, readTeamAdminOverview } from './team-admin-ops.ts';
