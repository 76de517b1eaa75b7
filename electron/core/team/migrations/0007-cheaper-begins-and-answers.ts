import { beginsInGroups } from './0006-begins-in-groups.ts';
import type { TeamMigration } from './migration.ts';

const beginHeader = 'CREATE OR REPLACE FUNCTION titledesk.begin_purchase(';
const teamRowLookup = '  SELECT * INTO t FROM titledesk.teams WHERE id = d.team_id;';
const lastDeclared = '  v_refusal jsonb;\n';

/**
 * begin_purchase as 0006 left it up to and including its lookup of an earlier begin of the same
 * local id (the checks of its arguments and its two locks): the frozen text, never edited.
 */
function beginHead(): string {
  const text = beginsInGroups.sql;
  const start = text.indexOf(beginHeader);
  const end = text.indexOf(teamRowLookup, start);
  if (start < 0 || end < 0 || !text.slice(start, end).includes(lastDeclared)) throw new Error('0006-begins-in-groups no longer has the text 0007 builds on');
  return text.slice(start, end).replace(lastDeclared, `${lastDeclared}  v_taken integer;\n`);
}

/**
 * The same begins and answers for less of the database's time: a team's begins run one at a time
 * (the team lock of 0006), and in a burst the database shares its machine's cores with the desks.
 * Measured on purchases of one variable (docs/decisions/021-team-propagation-ceiling.md): a begin,
 * 50 to a call, 1.7 ms before and 0.8 after; an answer, 25 to a transaction, 0.8 ms and 0.45.
 *
 * - held_by, purchase_json, lock_claims and settle_claims become PL/pgSQL, whose plans are kept
 *   for the session: as SQL functions with their own search_path they could not be inlined and
 *   were planned again on every call (0.6 ms of a begin, 0.35 of an answer). held_by answers an
 *   empty list at once; settle_claims does nothing for a state that settles nothing.
 * - begin_purchase no longer opens a subtransaction to undo its claims on a budget refusal: it
 *   locks the claim rows it may take and works out the cost first, takes the money, and only then
 *   writes the claims. The team lock keeps other begins (the only writers of new claims) out; a
 *   claim that changed all the same fails the begin and undoes it all.
 * - A budget row is inserted only when the day's row is missing, not tried on every begin.
 */
export const cheaperBeginsAndAnswers: TeamMigration = {
  version: 7,
  name: 'cheaper-begins-and-answers',
  sql: `
CREATE OR REPLACE FUNCTION titledesk.held_by(p_team bigint, p_environment text, p_kind text, p_resource text, p_variables text[]) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
BEGIN
  IF cardinality(p_variables) = 0 THEN RETURN '[]'::jsonb; END IF;
  RETURN (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'variable', c.variable, 'purchaseId', p.id::text, 'state', p.state, 'desk', d.name,
             'servicePurchaseId', p.service_purchase_id, 'claimedAt', c.claimed_at) ORDER BY c.variable), '[]'::jsonb)
    FROM titledesk.claims c
    JOIN titledesk.purchases p ON p.id = c.purchase_id
    JOIN titledesk.desks d ON d.id = p.desk_id
    WHERE c.team_id = p_team AND c.environment = p_environment AND c.resource_kind = p_kind
      AND c.resource = p_resource AND c.variable = ANY (p_variables));
END $$;

CREATE OR REPLACE FUNCTION titledesk.purchase_json(p titledesk.purchases) RETURNS jsonb
LANGUAGE plpgsql STABLE SET search_path = titledesk, pg_temp AS $$
BEGIN
  RETURN jsonb_build_object('purchaseId', p.id::text, 'state', p.state, 'cost', p.cost::text, 'currency', p.currency,
                            'variables', to_jsonb(p.variables), 'seq', p.seq::text);
END $$;

CREATE OR REPLACE FUNCTION titledesk.lock_claims(p_purchase_id bigint) RETURNS void
LANGUAGE plpgsql VOLATILE SET search_path = titledesk, pg_temp AS $$
BEGIN
  PERFORM FROM titledesk.claims WHERE purchase_id = p_purchase_id ORDER BY variable FOR UPDATE;
END $$;

-- As 0006 left it: only a settling state locks and changes the purchase's claims.
CREATE OR REPLACE FUNCTION titledesk.settle_claims(p_purchase titledesk.purchases) RETURNS void
LANGUAGE plpgsql VOLATILE SET search_path = titledesk, pg_temp AS $$
BEGIN
  IF p_purchase.state = 'available' THEN
    PERFORM titledesk.lock_claims(p_purchase.id);
    UPDATE titledesk.claims SET settled_at = now() WHERE purchase_id = p_purchase.id AND settled_at IS NULL;
  ELSIF p_purchase.state IN ('failed', 'cancelled') THEN
    PERFORM titledesk.lock_claims(p_purchase.id);
    UPDATE titledesk.claims SET released_at = now() WHERE purchase_id = p_purchase.id AND released_at IS NULL;
  END IF;
END $$;

${beginHead()}
  SELECT * INTO t FROM titledesk.teams WHERE id = d.team_id;
  v_day := (now() AT TIME ZONE t.time_zone)::date;
  v_month := date_trunc('month', v_day)::date;

  -- What this begin can take: a variable with no claim, or one released or past the windows. The
  -- claims found are locked (sorted, as every taker locks them) so no answer changes them now.
  SELECT array_agg(x.v ORDER BY x.ord), array_agg(x.price ORDER BY x.ord) INTO v_claimed, v_claimed_prices
  FROM unnest(p_variables, p_prices) WITH ORDINALITY AS x(v, price, ord)
  LEFT JOIN (SELECT c.variable, c.claimed_at, c.settled_at, c.released_at FROM titledesk.claims c
             WHERE c.team_id = d.team_id AND c.environment = p_environment AND c.resource_kind = p_resource_kind
               AND c.resource = p_resource AND c.variable = ANY (p_variables)
             ORDER BY c.variable FOR UPDATE) held ON held.variable = x.v
  WHERE held.variable IS NULL OR held.released_at IS NOT NULL
     OR (held.claimed_at < now() - t.reuse_window AND (held.settled_at IS NOT NULL OR held.claimed_at < now() - t.claim_timeout));
  IF v_claimed IS NULL THEN
    RETURN jsonb_build_object('outcome', 'all_held',
      'held', titledesk.held_by(d.team_id, p_environment, p_resource_kind, p_resource, p_variables));
  END IF;
  v_total := (SELECT sum(price) FROM unnest(v_claimed_prices) price);

  -- The money first, each row only if it stays within its limit; nothing is written when refused.
  UPDATE titledesk.budgets SET spent = spent + v_total
  WHERE team_id = d.team_id AND currency = p_currency AND period = 'day' AND period_start = v_day
    AND (limit_amount IS NULL OR spent + v_total <= limit_amount);
  IF NOT FOUND THEN
    INSERT INTO titledesk.budgets (team_id, currency, period, period_start, limit_amount)
    SELECT d.team_id, p_currency, periods.name, periods.first_day, l.limit_amount
    FROM (VALUES ('day', v_day), ('month', v_month)) AS periods(name, first_day)
    LEFT JOIN titledesk.budget_limits l ON l.team_id = d.team_id AND l.currency = p_currency AND l.period = periods.name
    ORDER BY periods.name
    ON CONFLICT DO NOTHING;
    UPDATE titledesk.budgets SET spent = spent + v_total
    WHERE team_id = d.team_id AND currency = p_currency AND period = 'day' AND period_start = v_day
      AND (limit_amount IS NULL OR spent + v_total <= limit_amount);
    IF NOT FOUND THEN
      RETURN jsonb_build_object('outcome', 'budget_refused',
        'refusal', titledesk.budget_refusal(d.team_id, p_currency, 'day', v_day, v_total));
    END IF;
  END IF;
  UPDATE titledesk.budgets SET spent = spent + v_total
  WHERE team_id = d.team_id AND currency = p_currency AND period = 'month' AND period_start = v_month
    AND (limit_amount IS NULL OR spent + v_total <= limit_amount);
  IF NOT FOUND THEN
    v_refusal := titledesk.budget_refusal(d.team_id, p_currency, 'month', v_month, v_total);
    UPDATE titledesk.budgets SET spent = spent - v_total
    WHERE team_id = d.team_id AND currency = p_currency AND period = 'day' AND period_start = v_day;
    RETURN jsonb_build_object('outcome', 'budget_refused', 'refusal', v_refusal);
  END IF;

  v_id := nextval('titledesk.purchase_ids');
  INSERT INTO titledesk.claims AS c (team_id, environment, resource_kind, resource, variable, purchase_id)
  SELECT d.team_id, p_environment, p_resource_kind, p_resource, v, v_id
  FROM unnest(v_claimed) v ORDER BY v
  ON CONFLICT (team_id, environment, resource_kind, resource, variable) DO UPDATE
    SET purchase_id = excluded.purchase_id, claimed_at = now(), settled_at = NULL, released_at = NULL
    WHERE c.released_at IS NOT NULL
       OR (c.claimed_at < now() - t.reuse_window AND (c.settled_at IS NOT NULL OR c.claimed_at < now() - t.claim_timeout));
  GET DIAGNOSTICS v_taken = ROW_COUNT;
  IF v_taken <> cardinality(v_claimed) THEN
    -- Cannot happen under the team lock; if it does, the whole begin is undone and asked again.
    RAISE EXCEPTION 'the claims of begin % changed while it ran', p_local_id USING ERRCODE = 'serialization_failure';
  END IF;

  INSERT INTO titledesk.purchases (id, team_id, desk_id, environment, local_id, resource_kind, resource, variables, prices,
                                   state, cost, currency, budget_day, budget_month)
  VALUES (v_id, d.team_id, d.id, p_environment, p_local_id, p_resource_kind, p_resource, v_claimed, v_claimed_prices,
          'submitting', v_total, p_currency, v_day, v_month)
  RETURNING * INTO v_new_purchase;
  RETURN jsonb_build_object('outcome', 'begun', 'purchase', titledesk.purchase_json(v_new_purchase),
    'held', titledesk.held_by(d.team_id, p_environment, p_resource_kind, p_resource,
                              ARRAY(SELECT v FROM unnest(p_variables) v WHERE NOT v = ANY (v_claimed))));
END $$;
`,
};
