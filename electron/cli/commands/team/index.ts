/**
 * `titledesk team`: the team's shared database on PostgreSQL, from the command line. What it
 * promises:
 *
 * - setup, add-desk and migrate run with the team's setup login, never a desk's, and touch
 *   neither the service nor the local journal; a new desk's password is shown once (team.ts).
 * - status, show, budget, settings, desk and release connect as the desk itself (the
 *   TITLEDESK_TEAM_* variables, else the app's Settings → Team with its password from the OS
 *   keychain), so the database decides what its role may do (team-desk-login.ts, team-status.ts,
 *   team-show.ts, team-show-text.ts, team-manage.ts).
 * - status compares the desk's journal with the team database without joining: nothing is
 *   written or copied (team-pending.ts, loaded only then).
 * - Durations and times in the words every team command reads and prints (team-words.ts).
 * - Never a password in what is printed; exit codes are the CLI's (exit-codes.ts).
 *
 * main.ts loads this folder only for `titledesk team`.
 */
export { runTeamCommand } from './team.ts';
