import type { Sql } from 'postgres';
import { z } from 'zod';
import { budgetRowSchema, parseTeamRow, type TeamBudgetRow } from './team-rows.ts';

/** The team's budget rows and the date (YYYY-MM-DD) it is on the team's calendar, by the database. */
export interface TeamBudgets {
  readonly today: string;
  readonly rows: TeamBudgetRow[];
}

const teamTodaySchema = z.object({ today: z.string().regex(/^\d{4}-\d\d-\d\d$/) });

/**
 * The budget rows with the database's date in the team's time zone, read in one statement: which
 * day and month are running is the database's call, as begin_purchase counts spend, whatever this
 * computer's clock says (a desk's clock hours off would pick another day's row near midnight).
 */
export async function readTeamBudgets(sql: Sql): Promise<TeamBudgets> {
  // The team's own row (row-level security) always comes back, with or without budget rows.
  const rows = await sql`
    SELECT (now() AT TIME ZONE t.time_zone)::date::text AS today,
           b.currency, b.period, b.period_start::text AS "periodStart", b.limit_amount::text AS limit, b.spent::text AS spent
    FROM titledesk.teams t LEFT JOIN titledesk.budgets b ON b.team_id = t.id
    ORDER BY b.period_start DESC, b.currency, b.period`;
  const { today } = parseTeamRow(teamTodaySchema, rows[0], "the team's date");
  return { today, rows: rows.filter((row) => row['currency'] !== null).map((row) => parseTeamRow(budgetRowSchema, row, 'a budget row')) };
}
