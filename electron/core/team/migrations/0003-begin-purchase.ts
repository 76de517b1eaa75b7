import type { TeamMigration } from './migration.ts';

/**
 * The one way a purchase begins. In one transaction: claim the variables (INSERT … ON CONFLICT,
 * taking only claims that were released or are past the reuse window), take the cost of the
 * claimed ones from the day's and the month's budget rows (a conditional UPDATE, so no interleaving
 * can overspend), and insert the purchase as submitting. A budget refusal undoes the claims.
 */
export const beginPurchase: TeamMigration = {
  version: 3,
  name: 'begin-purchase',
  sql: `
CREATE FUNCTION titledesk.held_by(p_team bigint, p_environment text, p_kind text, p_resource text, p_variables text[]) RETURNS jsonb
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'variable', c.variable, 'purchaseId', p.id::text, 'state', p.state, 'desk', d.name,
           'servicePurchaseId', p.service_purchase_id, 'claimedAt', c.claimed_at) ORDER BY c.variable), '[]'::jsonb)
  FROM titledesk.claims c
  JOIN titledesk.purchases p ON p.id = c.purchase_id
  JOIN titledesk.desks d ON d.id = p.desk_id
  WHERE c.team_id = p_team AND c.environment = p_environment AND c.resource_kind = p_kind
    AND c.resource = p_resource AND c.variable = ANY (p_variables)
$$;

CREATE FUNCTION titledesk.purchase_json(p titledesk.purchases) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = titledesk, pg_temp AS $$
  SELECT jsonb_build_object('purchaseId', p.id::text, 'state', p.state, 'cost', p.cost::text, 'currency', p.currency,
                            'variables', to_jsonb(p.variables), 'seq', p.seq::text)
$$;

CREATE FUNCTION titledesk.begin_purchase(
  p_environment text, p_local_id text, p_resource_kind text, p_resource text,
  p_variables text[], p_prices numeric[], p_currency text
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
DECLARE
  d titledesk.desks := titledesk.require_role('analyst');
  t titledesk.teams;
  v_existing titledesk.purchases;
  v_new_purchase titledesk.purchases;
  v_id bigint;
  v_claimed text[];
  v_claimed_prices numeric[];
  v_total numeric(20,4);
  v_day date;
  v_month date;
  v_refusal jsonb;
BEGIN
  IF p_variables IS NULL OR cardinality(p_variables) = 0 OR cardinality(p_variables) > 1000 THEN
    RAISE EXCEPTION 'a purchase needs 1 to 1000 variables' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF p_prices IS NULL OR cardinality(p_prices) <> cardinality(p_variables) THEN
    RAISE EXCEPTION 'one price per variable is needed' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF (SELECT count(DISTINCT v) FROM unnest(p_variables) v) <> cardinality(p_variables) THEN
    RAISE EXCEPTION 'a variable is listed twice' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF EXISTS (SELECT FROM unnest(p_prices) price WHERE price IS NULL OR price < 0 OR price <> round(price, 4)) THEN
    RAISE EXCEPTION 'prices must be 0 or more, to 4 decimal places' USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- The same begin sent twice (an answer lost on the way back) finds the first one.
  SELECT * INTO v_existing FROM titledesk.purchases WHERE desk_id = d.id AND local_id = p_local_id;
  IF FOUND THEN
    RETURN jsonb_build_object('outcome', 'existing', 'purchase', titledesk.purchase_json(v_existing),
      'held', titledesk.held_by(d.team_id, v_existing.environment, v_existing.resource_kind, v_existing.resource, p_variables));
  END IF;

  SELECT * INTO t FROM titledesk.teams WHERE id = d.team_id;
  v_id := nextval('titledesk.purchase_ids');
  v_day := (now() AT TIME ZONE t.time_zone)::date;
  v_month := date_trunc('month', v_day)::date;
  BEGIN
    -- Sorted, so two begins over overlapping variables lock their claims in the same order.
    WITH taken AS (
      INSERT INTO titledesk.claims AS c (team_id, environment, resource_kind, resource, variable, purchase_id)
      SELECT d.team_id, p_environment, p_resource_kind, p_resource, v, v_id
      FROM unnest(p_variables) v ORDER BY v
      ON CONFLICT (team_id, environment, resource_kind, resource, variable) DO UPDATE
        SET purchase_id = excluded.purchase_id, claimed_at = now(), settled_at = NULL, released_at = NULL
        WHERE c.released_at IS NOT NULL
           OR (c.claimed_at < now() - t.reuse_window AND (c.settled_at IS NOT NULL OR c.claimed_at < now() - t.claim_timeout))
      RETURNING c.variable
    )
    SELECT array_agg(x.v ORDER BY x.ord), array_agg(x.price ORDER BY x.ord) INTO v_claimed, v_claimed_prices
    FROM unnest(p_variables, p_prices) WITH ORDINALITY AS x(v, price, ord)
    WHERE x.v IN (SELECT variable FROM taken);

    IF v_claimed IS NULL THEN
      RETURN jsonb_build_object('outcome', 'all_held',
        'held', titledesk.held_by(d.team_id, p_environment, p_resource_kind, p_resource, p_variables));
    END IF;
    v_total := (SELECT sum(price) FROM unnest(v_claimed_prices) price);

    INSERT INTO titledesk.budgets AS b (team_id, currency, period, period_start, limit_amount)
    SELECT d.team_id, p_currency, periods.name, periods.first_day, l.limit_amount
    FROM (VALUES ('day', v_day), ('month', v_month)) AS periods(name, first_day)
    LEFT JOIN titledesk.budget_limits l ON l.team_id = d.team_id AND l.currency = p_currency AND l.period = periods.name
    ORDER BY periods.name
    ON CONFLICT DO NOTHING;

    UPDATE titledesk.budgets SET spent = spent + v_total
    WHERE team_id = d.team_id AND currency = p_currency AND period = 'day' AND period_start = v_day
      AND (limit_amount IS NULL OR spent + v_total <= limit_amount);
    IF NOT FOUND THEN
      v_refusal := titledesk.budget_refusal(d.team_id, p_currency, 'day', v_day, v_total);
      RAISE EXCEPTION USING ERRCODE = 'TDB01';
    END IF;
    UPDATE titledesk.budgets SET spent = spent + v_total
    WHERE team_id = d.team_id AND currency = p_currency AND period = 'month' AND period_start = v_month
      AND (limit_amount IS NULL OR spent + v_total <= limit_amount);
    IF NOT FOUND THEN
      v_refusal := titledesk.budget_refusal(d.team_id, p_currency, 'month', v_month, v_total);
      RAISE EXCEPTION USING ERRCODE = 'TDB01';
    END IF;

    INSERT INTO titledesk.purchases (id, team_id, desk_id, environment, local_id, resource_kind, resource, variables, prices,
                                     state, cost, currency, budget_day, budget_month)
    VALUES (v_id, d.team_id, d.id, p_environment, p_local_id, p_resource_kind, p_resource, v_claimed, v_claimed_prices,
            'submitting', v_total, p_currency, v_day, v_month)
    RETURNING * INTO v_new_purchase;
  EXCEPTION WHEN SQLSTATE 'TDB01' THEN
    -- The claims and the day's row taken above are undone with this block.
    RETURN jsonb_build_object('outcome', 'budget_refused', 'refusal', v_refusal);
  END;
  RETURN jsonb_build_object('outcome', 'begun', 'purchase', titledesk.purchase_json(v_new_purchase),
    'held', titledesk.held_by(d.team_id, p_environment, p_resource_kind, p_resource,
                              ARRAY(SELECT v FROM unnest(p_variables) v WHERE NOT v = ANY (v_claimed))));
END $$;

CREATE FUNCTION titledesk.budget_refusal(p_team bigint, p_currency text, p_period text, p_start date, p_cost numeric) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = titledesk, pg_temp AS $$
  SELECT jsonb_build_object('period', p_period, 'periodStart', p_start::text, 'currency', p_currency,
                            'cost', p_cost::text, 'limit', b.limit_amount::text, 'spent', b.spent::text)
  FROM titledesk.budgets b
  WHERE b.team_id = p_team AND b.currency = p_currency AND b.period = p_period AND b.period_start = p_start
$$;
`,
};
