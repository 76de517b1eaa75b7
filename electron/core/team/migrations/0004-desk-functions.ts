import type { TeamMigration } from './migration.ts';

/**
 * Everything else a desk may write, each through a function that checks who calls: a desk records
 * its own purchases only (another desk's gives back nothing), money goes back to the budget only
 * for a purchase the service never accepted, and only admins change budgets, windows and desks.
 */
export const deskFunctions: TeamMigration = {
  version: 4,
  name: 'desk-functions',
  sql: `
-- Locks are always taken in one order, claims (sorted by variable) before budget rows (day, then
-- month), as begin_purchase takes them; otherwise a begin and a release deadlock.
CREATE FUNCTION titledesk.lock_claims(p_purchase_id bigint) RETURNS void
LANGUAGE sql VOLATILE SET search_path = titledesk, pg_temp AS $$
  SELECT 1 FROM titledesk.claims WHERE purchase_id = p_purchase_id ORDER BY variable FOR UPDATE;
$$;

CREATE FUNCTION titledesk.settle_claims(p_purchase titledesk.purchases) RETURNS void
LANGUAGE sql VOLATILE SET search_path = titledesk, pg_temp AS $$
  SELECT titledesk.lock_claims(p_purchase.id);
  UPDATE titledesk.claims SET released_at = now()
  WHERE purchase_id = p_purchase.id AND released_at IS NULL AND p_purchase.state IN ('failed', 'cancelled');
  UPDATE titledesk.claims SET settled_at = now()
  WHERE purchase_id = p_purchase.id AND settled_at IS NULL AND p_purchase.state = 'available';
$$;

-- The desk's answers, and the state they lead to. Returns the change's number, or NULL when the
-- purchase is not this desk's (nothing changed).
CREATE FUNCTION titledesk.record_purchase(p_purchase_id bigint, p_state text, p_answers jsonb, p_service_purchase_id text, p_accepted boolean)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
DECLARE
  d titledesk.desks := titledesk.session_desk();
  v_purchase titledesk.purchases;
BEGIN
  UPDATE titledesk.purchases
  SET state = p_state,
      answers = coalesce(p_answers, answers),
      service_purchase_id = coalesce(p_service_purchase_id, service_purchase_id),
      accepted = accepted OR coalesce(p_accepted, false) OR p_state IN ('pending', 'available')
  WHERE id = p_purchase_id AND desk_id = d.id
  RETURNING * INTO v_purchase;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM titledesk.settle_claims(v_purchase);
  RETURN v_purchase.seq;
END $$;

-- Refused before the service accepted it (a 4xx on the POST, never sent, abandoned unsent): the
-- cost goes back to the same day's and month's rows it was taken from, and the claims are free.
CREATE FUNCTION titledesk.release_unaccepted(p_purchase_id bigint, p_state text) RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
DECLARE
  d titledesk.desks := titledesk.session_desk();
  v_purchase titledesk.purchases;
BEGIN
  IF p_state IS NULL OR p_state NOT IN ('failed', 'cancelled') THEN
    RAISE EXCEPTION 'a released purchase ends failed or cancelled, not %', p_state USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT * INTO v_purchase FROM titledesk.purchases WHERE id = p_purchase_id AND desk_id = d.id FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF v_purchase.accepted THEN
    RAISE EXCEPTION 'the service accepted purchase %: its cost stays spent', p_purchase_id USING ERRCODE = 'check_violation';
  END IF;
  IF v_purchase.budget_released THEN RETURN v_purchase.seq; END IF;
  PERFORM titledesk.lock_claims(p_purchase_id);
  UPDATE titledesk.budgets SET spent = spent - v_purchase.cost
  WHERE team_id = v_purchase.team_id AND currency = v_purchase.currency AND period = 'day' AND period_start = v_purchase.budget_day;
  UPDATE titledesk.budgets SET spent = spent - v_purchase.cost
  WHERE team_id = v_purchase.team_id AND currency = v_purchase.currency AND period = 'month' AND period_start = v_purchase.budget_month;
  UPDATE titledesk.purchases SET state = p_state, budget_released = true WHERE id = p_purchase_id RETURNING * INTO v_purchase;
  PERFORM titledesk.settle_claims(v_purchase);
  RETURN v_purchase.seq;
END $$;

-- A desk that died between its begin and its POST holds claims nobody else may take. After the
-- team's claim timeout support or an admin releases them; the purchase becomes outcome_unknown
-- (the POST may have left), so its cost stays spent.
CREATE FUNCTION titledesk.release_stale_claim(p_purchase_id bigint) RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
DECLARE
  d titledesk.desks := titledesk.require_role('support', 'admin');
  v_timeout interval := (SELECT claim_timeout FROM titledesk.teams WHERE id = d.team_id);
  v_purchase titledesk.purchases;
BEGIN
  SELECT * INTO v_purchase FROM titledesk.purchases WHERE id = p_purchase_id AND team_id = d.team_id FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF v_purchase.state <> 'submitting' THEN
    RAISE EXCEPTION 'purchase % is %, not submitting: its desk reported back', p_purchase_id, v_purchase.state USING ERRCODE = 'check_violation';
  END IF;
  IF v_purchase.updated_at > now() - v_timeout THEN
    RAISE EXCEPTION 'purchase % may still be on its way: it can be released % after its last report', p_purchase_id, v_timeout USING ERRCODE = 'check_violation';
  END IF;
  UPDATE titledesk.purchases SET state = 'outcome_unknown', released_by = d.id WHERE id = p_purchase_id RETURNING * INTO v_purchase;
  PERFORM titledesk.lock_claims(p_purchase_id);
  UPDATE titledesk.claims SET released_at = now() WHERE purchase_id = p_purchase_id AND released_at IS NULL;
  RETURN v_purchase.seq;
END $$;

CREATE FUNCTION titledesk.set_budget(p_currency text, p_period text, p_limit numeric) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
DECLARE
  d titledesk.desks := titledesk.require_role('admin');
  v_day date := (now() AT TIME ZONE (SELECT time_zone FROM titledesk.teams WHERE id = d.team_id))::date;
BEGIN
  IF p_limit IS NULL THEN
    DELETE FROM titledesk.budget_limits WHERE team_id = d.team_id AND currency = p_currency AND period = p_period;
  ELSE
    INSERT INTO titledesk.budget_limits (team_id, currency, period, limit_amount) VALUES (d.team_id, p_currency, p_period, p_limit)
    ON CONFLICT (team_id, currency, period) DO UPDATE SET limit_amount = excluded.limit_amount;
  END IF;
  -- The running day or month takes the new limit at once (spent is never touched).
  UPDATE titledesk.budgets SET limit_amount = p_limit
  WHERE team_id = d.team_id AND currency = p_currency AND period = p_period
    AND period_start = CASE p_period WHEN 'day' THEN v_day ELSE date_trunc('month', v_day)::date END;
END $$;

CREATE FUNCTION titledesk.set_team_settings(p_reuse_window interval, p_claim_timeout interval, p_time_zone text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
DECLARE d titledesk.desks := titledesk.require_role('admin');
BEGIN
  IF p_time_zone IS NOT NULL AND NOT EXISTS (SELECT FROM pg_timezone_names WHERE name = p_time_zone) THEN
    RAISE EXCEPTION 'unknown time zone %', p_time_zone USING ERRCODE = 'invalid_parameter_value';
  END IF;
  UPDATE titledesk.teams
  SET reuse_window = coalesce(p_reuse_window, reuse_window),
      claim_timeout = coalesce(p_claim_timeout, claim_timeout),
      time_zone = coalesce(p_time_zone, time_zone)
  WHERE id = d.team_id;
END $$;

CREATE FUNCTION titledesk.set_desk(p_name text, p_role text, p_active boolean) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
DECLARE d titledesk.desks := titledesk.require_role('admin');
BEGIN
  IF p_name = d.name AND (coalesce(p_role, 'admin') <> 'admin' OR NOT coalesce(p_active, true)) THEN
    RAISE EXCEPTION 'an admin desk cannot demote or disable itself' USING ERRCODE = 'check_violation';
  END IF;
  UPDATE titledesk.desks SET role = coalesce(p_role, role), active = coalesce(p_active, active)
  WHERE team_id = d.team_id AND name = p_name;
  IF NOT FOUND THEN RAISE EXCEPTION 'the team has no desk named %', p_name USING ERRCODE = 'no_data_found'; END IF;
END $$;

REVOKE ALL ON ALL TABLES IN SCHEMA titledesk FROM PUBLIC;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA titledesk FROM PUBLIC;
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA titledesk FROM PUBLIC;
GRANT USAGE ON SCHEMA titledesk TO titledesk_desk;
GRANT SELECT ON titledesk.teams, titledesk.desks, titledesk.purchases, titledesk.claims, titledesk.budget_limits, titledesk.budgets TO titledesk_desk;
GRANT EXECUTE ON FUNCTION
  titledesk.my_team_id(),
  titledesk.begin_purchase(text, text, text, text, text[], numeric[], text),
  titledesk.record_purchase(bigint, text, jsonb, text, boolean),
  titledesk.release_unaccepted(bigint, text),
  titledesk.release_stale_claim(bigint),
  titledesk.set_budget(text, text, numeric),
  titledesk.set_team_settings(interval, interval, text),
  titledesk.set_desk(text, text, boolean)
TO titledesk_desk;
`,
};
