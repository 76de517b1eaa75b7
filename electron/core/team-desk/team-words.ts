import type { HeldVariable, TeamBeginResult } from '../team/team-rows.ts';
import { deskHoldsWords } from '../../../shared/team/held-words.ts';
import { CoreError } from '../errors.ts';
import type { TeamDeskStatus } from './team-status.ts';

/** Where people see the database named: its host and port, never the login's password. */
export interface TeamPlace {
  readonly host: string;
  readonly port: number;
}

export function placeOf(place: TeamPlace): string {
  return place.host.includes(':') ? `[${place.host}]:${String(place.port)}` : `${place.host}:${String(place.port)}`;
}

/** The refusal of every new purchase while the team database cannot answer: nothing goes unbegun. */
export function unreachableError(place: TeamPlace, cause?: unknown): CoreError {
  return new CoreError('team_database', `The team database at ${placeOf(place)} cannot be reached, so the team's budget and reuse cannot be checked. Nothing was sent.`, cause === undefined ? undefined : { cause });
}

/**
 * The refusal of a new purchase while the link is away, in the words of why: the header's reason
 * when it is not the network's (TLS, a certificate, the password or login refused, the schema:
 * each with its own advice, as waiting will not fix it), else unreachable.
 */
export function awayError(place: TeamPlace, status: TeamDeskStatus, cause?: unknown): CoreError {
  const problem = status.state === 'unreachable' && status.away !== undefined && status.away !== 'unreachable' ? status.problem : undefined;
  if (problem === undefined) return unreachableError(place, cause);
  return new CoreError('team_database', problem, cause === undefined ? undefined : { cause });
}

type Refusal = Extract<TeamBeginResult, { outcome: 'budget_refused' }>['refusal'];

export function teamBudgetError(refusal: Refusal): CoreError {
  const period = refusal.period === 'day' ? `day's (${refusal.periodStart})` : `month's (from ${refusal.periodStart})`;
  return new CoreError('budget_exceeded', `This purchase costs ${refusal.cost} ${refusal.currency}, over the team budget: the team's ${period} limit is ${refusal.limit} ${refusal.currency} and ${refusal.spent} ${refusal.currency} is spent or on its way. Nothing was sent.`);
}

/** "being bought by desk alice" or "bought by desk alice", for the variables another purchase holds. */
export function heldWords(held: readonly HeldVariable[]): string {
  const byDesk = new Map<string, HeldVariable[]>();
  for (const item of held) byDesk.set(item.desk, [...(byDesk.get(item.desk) ?? []), item]);
  return [...byDesk].map(([desk, items]) => deskHoldsWords(desk, items.length, items.every((item) => item.state === 'available'))).join(', ');
}
