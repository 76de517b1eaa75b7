import type postgres from 'postgres';
import type { Sql } from 'postgres';
import { z } from 'zod';
import type { PurchaseState } from '../../../shared/purchase/purchase.ts';
import { CoreError } from '../errors.ts';
import { knownSchemaVersion, readSchemaVersion, SchemaTooNewError, SchemaTooOldError } from './migrations/migration.ts';
import { openTeamSql, type TeamSqlOptions } from './team-connect.ts';
import { readTeamBudgets, type TeamBudgets } from './team-budgets.ts';
import { notAnActiveDesk, teamError } from './team-errors.ts';
import {
  beginResultSchema, budgetLimitSchema, deskRowSchema, moneyText, parseTeamRow, teamDeskEntrySchema, teamPurchaseSchema, teamSettingsSchema,
  waitingClaimSchema, type ResourceKind, type TeamBeginResult, type TeamBudgetLimit, type TeamDesk, type TeamDeskEntry, type TeamPurchase,
  type TeamSettings, type WaitingClaim,
} from './team-rows.ts';
import type { TeamConnection } from './team-url.ts';

export interface TeamBeginInput {
  readonly environment: string;
  /** The desk's own id for the purchase: a repeated begin with it finds the first one. */
  readonly localId: string;
  readonly resourceKind: ResourceKind;
  readonly resource: string;
  /** Each variable with its catalog price as a decimal string ("1.25"): money is never a float here. */
  readonly lines: readonly { readonly variable: string; readonly price: string }[];
  readonly currency: string;
}

export interface TeamRecordInput {
  readonly purchaseId: string;
  readonly state: PurchaseState;
  /** The service's answers as the desk keeps them (replaces the previous ones); undefined keeps them. */
  readonly answers?: unknown;
  readonly servicePurchaseId?: string | undefined;
  /** The service accepted the POST (303, 202 or 200): its cost stays spent whatever follows. */
  readonly accepted?: boolean;
}

export interface TeamChanges {
  readonly purchases: readonly TeamPurchase[];
  /** Give it back to the next readChanges: every change committed after this read, none twice. */
  readonly cursor: string;
}

export interface TeamStoreOptions extends TeamSqlOptions {
  /**
   * How long one call may wait for the database (default 10 s): a server that froze (a hung
   * host, a stalled disk) holds the connection open and never answers, and no purchase may wait
   * on it for ever. A begin that times out is outcome_unknown, as one cut off is.
   */
  readonly callTimeoutMs?: number;
}

/** A call the database did not answer in time; what it had done by then is not known. */
class NoAnswerError extends Error {}

/** `work`, or a NoAnswerError once `ms` have passed without its answer. */
async function answerWithin<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const noAnswer = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => { reject(new NoAnswerError(`no answer within ${String(Math.round(ms / 100) / 10)} s`)); }, ms);
  });
  try {
    return await Promise.race([work, noAnswer]);
  } finally {
    clearTimeout(timer);
  }
}

const channel = 'titledesk_team';

const purchaseColumns = (sql: Sql | postgres.TransactionSql) => sql`
  p.id::text AS id, p.desk_id::text AS "deskId", d.name AS "deskName", p.environment, p.local_id AS "localId",
  p.resource_kind AS "resourceKind", p.resource, to_jsonb(p.variables) AS variables, to_jsonb(p.prices::text[]) AS prices, p.state, p.cost::text AS cost,
  p.currency, p.answers, p.service_purchase_id AS "servicePurchaseId", p.accepted, p.budget_released AS "budgetReleased",
  p.created_at AS "createdAt", p.updated_at AS "updatedAt", p.settled_at AS "settledAt", p.seq::text AS seq`;

const beginInputSchema = z.object({
  environment: z.string().min(1).max(200),
  localId: z.string().min(1).max(200),
  resourceKind: z.enum(['title', 'address', 'spatial']),
  resource: z.string().min(1).max(200),
  lines: z.array(z.object({ variable: z.string().min(1), price: moneyText })).min(1).max(1000),
  currency: z.string().regex(/^[A-Z]{3}$/, 'a currency is three capital letters'),
});

/** A begin as the database functions take it: each variable beside its price, in the same order. */
type CheckedBegin = {
  readonly environment: string;
  readonly localId: string;
  readonly resourceKind: ResourceKind;
  readonly resource: string;
  readonly variables: string[];
  readonly prices: string[];
  readonly currency: string;
};

function checkedBegin(input: TeamBeginInput): CheckedBegin | CoreError {
  const checked = beginInputSchema.safeParse(input);
  if (!checked.success) return new CoreError('validation', `A team purchase cannot begin: ${checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const { lines, ...rest } = checked.data;
  return { ...rest, variables: lines.map((line) => line.variable), prices: lines.map((line) => line.price) };
}

const databaseNowSchema = z.object({ databaseNow: z.date() });

const groupAnswerSchema = z.array(z.object({ localId: z.string(), result: beginResultSchema }));
type GroupAnswer = z.infer<typeof groupAnswerSchema>[number];

/**
 * A desk's side of the team journal on PostgreSQL. Every write is one call of a database function
 * (the desk has no table grants); every read goes through row-level security; every row is parsed
 * at the boundary. Opening checks the schema: a newer one than this TitleDesk knows is refused.
 */
export class TeamStore {
  readonly #sql: Sql;
  readonly #where: string;
  readonly #timeoutMs: number;
  readonly desk: TeamDesk;

  private constructor(sql: Sql, where: string, desk: TeamDesk, timeoutMs: number) {
    this.#sql = sql;
    this.#where = where;
    this.desk = desk;
    this.#timeoutMs = timeoutMs;
  }

  static async open(connection: TeamConnection, options: TeamStoreOptions = {}): Promise<TeamStore> {
    const sql = openTeamSql(connection, options);
    const timeoutMs = options.callTimeoutMs ?? 10_000;
    try {
      return await answerWithin(TeamStore.#opened(sql, connection, timeoutMs), timeoutMs);
    } catch (error) {
      await sql.end({ timeout: 1 });
      throw teamError(error, connection.describe, 'read');
    }
  }

  static async #opened(sql: Sql, connection: TeamConnection, timeoutMs: number): Promise<TeamStore> {
    const version = await readSchemaVersion(sql);
    if (version > knownSchemaVersion) throw new SchemaTooNewError(version);
    if (version < knownSchemaVersion) throw new SchemaTooOldError(version);
    const [row] = await sql`
      SELECT id::text AS id, team_id::text AS "teamId", name, role, login_role AS "loginRole", active
      FROM titledesk.desks WHERE login_role = session_user AND active`;
    if (row === undefined) throw new CoreError('unauthorized', `The login ${connection.username} is not an active desk of a team at ${connection.describe}.`);
    return new TeamStore(sql, connection.describe, parseTeamRow(deskRowSchema, row, 'a desk'), timeoutMs);
  }

  async close(): Promise<void> {
    await this.#sql.end({ timeout: 5 });
  }

  /**
   * Refuses as open does when this login is no longer an active desk: an admin may deactivate it
   * while the desk runs, and reads alone (row-level security) would still answer.
   */
  async checkStillDesk(): Promise<void> {
    const rows = await this.#call('read', (sql) => sql`SELECT 1 FROM titledesk.desks WHERE login_role = session_user AND active`);
    if (rows.length === 0) throw notAnActiveDesk(this.desk.loginRole, this.#where);
  }

  /** Claims, budget and the purchase row in one transaction of the database (see 0003-begin-purchase). */
  async begin(input: TeamBeginInput): Promise<TeamBeginResult> {
    const checked = checkedBegin(input);
    if (checked instanceof CoreError) throw checked;
    return this.#beginChecked(checked);
  }

  async #beginChecked(checked: CheckedBegin): Promise<TeamBeginResult> {
    const { environment, localId, resourceKind, resource, variables, prices, currency } = checked;
    const call = (): Promise<TeamBeginResult> => this.#call('begin', async (sql) => {
      const [row] = await sql`
        SELECT titledesk.begin_purchase(${environment}, ${localId}, ${resourceKind}, ${resource},
          ARRAY(SELECT v FROM jsonb_array_elements_text(${sql.json(variables)}::jsonb) WITH ORDINALITY AS t(v, n) ORDER BY n),
          ARRAY(SELECT v::numeric FROM jsonb_array_elements_text(${sql.json(prices)}::jsonb) WITH ORDINALITY AS t(v, n) ORDER BY n),
          ${currency}) AS result`;
      return parseTeamRow(beginResultSchema, row?.['result'], 'a begin');
    });
    try {
      return await call();
    } catch (error) {
      // A begin is idempotent by local id: asked again, the database answers `existing` if the lost
      // one committed and begins it otherwise. Only when it cannot be asked does it stay unknown.
      if (!(error instanceof CoreError) || error.code !== 'outcome_unknown') throw error;
      return call().catch(() => { throw error; });
    }
  }

  /**
   * Several begins in one call and one transaction (0006-begins-in-groups): one commit for all, at
   * most 50. Each answers as begin would, or with an error of its own (its input refused). When
   * the database refuses the group (one begin it would not take), each is asked alone, so only
   * that one is refused. A group cut off is asked once more whole: a begin finds an earlier one
   * of its local id.
   */
  async beginMany(inputs: readonly TeamBeginInput[]): Promise<(TeamBeginResult | CoreError)[]> {
    const checked = inputs.map((input) => checkedBegin(input));
    const begins = checked.flatMap((item) => (item instanceof CoreError ? [] : [item]));
    if (begins.length === 0) return checked.filter((item) => item instanceof CoreError);
    const call = (): Promise<GroupAnswer[]> => this.#call('begin', async (sql) => {
      const [row] = await sql`SELECT titledesk.begin_purchases(${sql.json(begins)}::jsonb) AS result`;
      return parseTeamRow(groupAnswerSchema, row?.['result'], 'the answers to a group of begins');
    });
    let answers: GroupAnswer[];
    try {
      answers = await call();
    } catch (error) {
      if (error instanceof CoreError && (error.code === 'validation' || error.code === 'internal')) return this.#eachAlone(checked);
      if (!(error instanceof CoreError) || error.code !== 'outcome_unknown') throw error;
      answers = await call().catch(() => { throw error; });
    }
    // The answers come in the order of the begins sent.
    let next = 0;
    return checked.map((item): TeamBeginResult | CoreError => {
      if (item instanceof CoreError) return item;
      const answer = answers[next];
      next += 1;
      if (answer?.localId !== item.localId) return new CoreError('protocol', `The team database did not answer the begin of ${item.localId} in its place.`);
      return answer.result;
    });
  }

  async #eachAlone(checked: readonly (CheckedBegin | CoreError)[]): Promise<(TeamBeginResult | CoreError)[]> {
    return Promise.all(checked.map(async (item) => {
      if (item instanceof CoreError) return item;
      try {
        return await this.#beginChecked(item);
      } catch (error) {
        return teamError(error, this.#where, 'begin');
      }
    }));
  }

  /** One purchase's new state and answers; null when the purchase is not this desk's (nothing changed). */
  async record(update: TeamRecordInput): Promise<string | null> {
    const [seq] = await this.recordMany([update]);
    return seq ?? null;
  }

  /** Several updates in one transaction, pipelined: one round trip for a scheduler turn's worth. */
  async recordMany(updates: readonly TeamRecordInput[]): Promise<(string | null)[]> {
    if (updates.length === 0) return [];
    return this.#call('write', async (sql) => {
      const rows = await sql.begin((tx) => updates.map((update) => tx`
        SELECT titledesk.record_purchase(${update.purchaseId}::bigint, ${update.state}, ${update.answers === undefined ? null : tx.json(update.answers as postgres.JSONValue)}::jsonb,
                                          ${update.servicePurchaseId ?? null}, ${update.accepted ?? false})::text AS seq`));
      return rows.map((result) => z.string().nullable().parse(result[0]?.['seq'] ?? null));
    });
  }

  /** Refused before the service accepted it: its cost goes back to the budget and its claims are freed. */
  async releaseUnaccepted(purchaseId: string, state: 'failed' | 'cancelled'): Promise<string | null> {
    return this.#seq('write', (sql) => sql`SELECT titledesk.release_unaccepted(${purchaseId}::bigint, ${state})::text AS seq`);
  }

  /** Support or admin: a purchase whose desk never reported back after the claim timeout. */
  async releaseStaleClaim(purchaseId: string): Promise<string | null> {
    return this.#seq('write', (sql) => sql`SELECT titledesk.release_stale_claim(${purchaseId}::bigint)::text AS seq`);
  }

  async purchase(id: string): Promise<TeamPurchase | undefined> {
    return (await this.#purchases((sql) => sql`p.id = ${id}::bigint`))[0];
  }

  async purchaseByLocalId(localId: string): Promise<TeamPurchase | undefined> {
    return (await this.#purchases((sql) => sql`p.desk_id = ${this.desk.id}::bigint AND p.local_id = ${localId}`))[0];
  }

  /** This desk's purchases that have not settled (submitting, pending, unknown…): what a start reconciles. */
  async unsettledOwn(): Promise<TeamPurchase[]> {
    return this.#purchases((sql) => sql`p.desk_id = ${this.desk.id}::bigint AND p.state NOT IN ('available', 'failed', 'cancelled') ORDER BY p.id`);
  }

  /** The team's purchases of one resource (a title number, an address key), newest first. */
  async purchasesOf(resource: string): Promise<TeamPurchase[]> {
    return this.#purchases((sql) => sql`p.resource = ${resource} ORDER BY p.created_at DESC, p.id DESC`);
  }

  /**
   * The team's purchases that changed since `cursor` (all of them without one). The cursor is the
   * database's snapshot, not the last sequence number: a change numbered earlier that commits later
   * is still read once, never skipped and never twice.
   */
  async readChanges(cursor?: string): Promise<TeamChanges> {
    return this.#call('read', (sql) => sql.begin('isolation level repeatable read read only', async (tx) => {
      const [snapshot] = await tx`SELECT pg_current_snapshot()::text AS snapshot`;
      const next = z.string().parse(snapshot?.['snapshot']);
      const rows = cursor === undefined
        ? await tx`SELECT ${purchaseColumns(tx)} FROM titledesk.purchases p JOIN titledesk.desks d ON d.id = p.desk_id ORDER BY p.seq`
        : await tx`
            SELECT ${purchaseColumns(tx)} FROM titledesk.purchases p JOIN titledesk.desks d ON d.id = p.desk_id
            WHERE p.changed_xid >= pg_snapshot_xmin(${cursor}::pg_snapshot) AND NOT pg_visible_in_snapshot(p.changed_xid, ${cursor}::pg_snapshot)
            ORDER BY p.seq`;
      return { purchases: rows.map((row) => parseTeamRow(teamPurchaseSchema, row, 'a purchase')), cursor: next };
    }));
  }

  /**
   * Calls `onChange` with the sequence number of each change any desk of any team commits (the
   * notification carries nothing else); read the rows with readChanges. postgres.js listens again
   * by itself after the server restarts.
   */
  async listen(onChange: (seq: string) => void): Promise<{ readonly unlisten: () => Promise<void> }> {
    return this.#call('read', async (sql) => {
      const meta = await sql.listen(channel, (payload) => { if (/^\d+$/.test(payload)) onChange(payload); });
      return { unlisten: () => meta.unlisten() };
    });
  }

  async settings(): Promise<TeamSettings> {
    return this.#call('read', async (sql) => {
      const [row] = await sql`
        SELECT id::text AS id, name, extract(epoch FROM reuse_window)::int AS "reuseWindowSeconds",
               extract(epoch FROM claim_timeout)::int AS "claimTimeoutSeconds", time_zone AS "timeZone"
        FROM titledesk.teams`;
      return parseTeamRow(teamSettingsSchema, row, 'the team settings');
    });
  }

  /** The team's budget rows and the date it is on the team's calendar by the database's clock (team-budgets.ts). */
  async budgets(): Promise<TeamBudgets> {
    return this.#call('read', readTeamBudgets);
  }

  /** The team's daily and monthly limits per currency (a budget row appears only with a period's first purchase). */
  async budgetLimits(): Promise<TeamBudgetLimit[]> {
    return this.#call('read', async (sql) => {
      const rows = await sql`SELECT currency, period, limit_amount::text AS limit FROM titledesk.budget_limits ORDER BY currency, period`;
      return rows.map((row) => parseTeamRow(budgetLimitSchema, row, 'a budget limit'));
    });
  }

  /** The team's desks (row-level security shows only this team's), by name. */
  async desks(): Promise<TeamDeskEntry[]> {
    return this.#call('read', async (sql) => {
      const rows = await sql`SELECT name, role, active FROM titledesk.desks ORDER BY name`;
      return rows.map((row) => parseTeamRow(teamDeskEntrySchema, row, 'a desk'));
    });
  }

  /**
   * The team's purchases still "submitting", oldest report first, each with the time support may
   * release it: its last report plus the team's claim timeout, as release_stale_claim counts it.
   * With the database's now() of the same statement: a release is judged by the database's clock,
   * which this computer's may not match.
   */
  async waitingClaims(): Promise<{ readonly databaseNow: Date; readonly claims: WaitingClaim[] }> {
    return this.#call('read', async (sql) => {
      // One row even when nothing waits (its claim columns null), so now() always comes back.
      const rows = await sql`
        SELECT now() AS "databaseNow", w.*
        FROM (SELECT 1) AS one LEFT JOIN (
          SELECT p.id AS seq, p.id::text AS "purchaseId", d.name AS desk, p.resource_kind AS "resourceKind", p.resource, to_jsonb(p.variables) AS variables,
                 p.updated_at AS "lastReportAt", p.updated_at + t.claim_timeout AS "releasableAt"
          FROM titledesk.purchases p JOIN titledesk.desks d ON d.id = p.desk_id JOIN titledesk.teams t ON t.id = p.team_id
          WHERE p.state = 'submitting'
        ) AS w ON true
        ORDER BY w."lastReportAt", w.seq`;
      const { databaseNow } = parseTeamRow(databaseNowSchema, rows[0], "the database's time");
      const claims = rows.filter((row) => row['purchaseId'] !== null).map((row) => parseTeamRow(waitingClaimSchema, row, 'a waiting purchase'));
      return { databaseNow, claims };
    });
  }

  /** Admin: a day's or month's limit in one currency; null removes it (no limit). */
  async setBudget(currency: string, period: 'day' | 'month', limit: string | null): Promise<void> {
    if (limit !== null && !moneyText.safeParse(limit).success) throw new CoreError('validation', `A budget limit is a decimal amount with at most 4 places, not ${JSON.stringify(limit)}.`);
    await this.#call('admin', (sql) => sql`SELECT titledesk.set_budget(${currency}, ${period}, ${limit}::numeric)`);
  }

  /** Admin: the reuse window and claim timeout (seconds) and the team's time zone; undefined keeps one. */
  async setTeamSettings(settings: { reuseWindowSeconds?: number; claimTimeoutSeconds?: number; timeZone?: string }): Promise<void> {
    const seconds = (value: number | undefined): string | null => (value === undefined ? null : `${String(Math.trunc(value))} seconds`);
    await this.#call('admin', (sql) => sql`
      SELECT titledesk.set_team_settings(${seconds(settings.reuseWindowSeconds)}::interval, ${seconds(settings.claimTimeoutSeconds)}::interval, ${settings.timeZone ?? null})`);
  }

  /** Admin: another desk's role, or whether it may still connect as a desk. */
  async setDesk(name: string, change: { role?: 'analyst' | 'support' | 'admin'; active?: boolean }): Promise<void> {
    await this.#call('admin', (sql) => sql`SELECT titledesk.set_desk(${name}, ${change.role ?? null}, ${change.active ?? null})`);
  }

  async #purchases(where: (sql: Sql) => postgres.PendingQuery<postgres.Row[]>): Promise<TeamPurchase[]> {
    return this.#call('read', async (sql) => {
      const rows = await sql`SELECT ${purchaseColumns(sql)} FROM titledesk.purchases p JOIN titledesk.desks d ON d.id = p.desk_id WHERE ${where(sql)}`;
      return rows.map((row) => parseTeamRow(teamPurchaseSchema, row, 'a purchase'));
    });
  }

  async #seq(during: 'write', query: (sql: Sql) => postgres.PendingQuery<postgres.Row[]>): Promise<string | null> {
    return this.#call(during, async (sql) => {
      const [row] = await query(sql);
      return z.string().nullable().parse(row?.['seq'] ?? null);
    });
  }

  async #call<T>(during: 'begin' | 'read' | 'write' | 'admin', run: (sql: Sql) => Promise<T>): Promise<T> {
    try {
      return await answerWithin(run(this.#sql), this.#timeoutMs);
    } catch (error) {
      throw teamError(error, this.#where, during);
    }
  }
}
