/**
 * A desk of a team: the purchase flow joined to the team's database (team/). What it promises,
 * once startTeamDesk has resolved:
 *
 * - Begin before send: no POST of a purchase (new, batch line, CLI, "Send now", the automatic
 *   send after a start) leaves before the team's begin committed its claims and its cost. Variables
 *   another purchase holds are not bought (the user is told which desk buys them, and that purchase
 *   is reused); a team budget refusal is budget_exceeded naming the team's budget; a database that
 *   cannot be reached refuses with team_database, naming it. Nothing is sent in either case.
 * - The local journal first: this desk's answers are written to its SQLite journal, then to the
 *   team database, one transaction per scheduler turn. While the database is away they wait and
 *   purchases already sent are followed as usual; they are written when it is back.
 * - Money back only when the service never took the POST (never sent, abandoned unsent, a 4xx).
 * - Other desks' purchases are copied into this journal as they change (LISTEN, then the rows
 *   through row-level security), as imported records: shown in History, found by purchase ID,
 *   reused, never sent or followed from here.
 * - At start, claims this desk began for purchases its journal says were never sent are given back.
 * - The password is never logged, never in an error, never in a file.
 */
export { startTeamDesk, type TeamDesk, type TeamDeskOptions, type TeamDeskStatus, type TeamEnvironments } from './team-desk.ts';
export { teamEnvironmentsOf } from './team-environments.ts';
export { decimalPrice } from './team-prices.ts';
