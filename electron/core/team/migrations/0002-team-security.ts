import type { TeamMigration } from './migration.ts';

/**
 * Who a desk is (its login role), what it may read (row-level security) and the triggers that keep
 * purchases honest: settled purchases are read-only, and nothing but state and answers ever changes.
 */
export const teamSecurity: TeamMigration = {
  version: 2,
  name: 'team-security',
  sql: `
-- session_user, not current_user: inside SECURITY DEFINER functions current_user is the owner.
CREATE FUNCTION titledesk.session_desk() RETURNS titledesk.desks
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
DECLARE d titledesk.desks;
BEGIN
  SELECT * INTO d FROM titledesk.desks WHERE login_role = session_user AND active;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the login % is not an active desk of a team', session_user USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN d;
END $$;

CREATE FUNCTION titledesk.my_team_id() RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
  SELECT team_id FROM titledesk.desks WHERE login_role = session_user AND active
$$;

CREATE FUNCTION titledesk.require_role(VARIADIC roles text[]) RETURNS titledesk.desks
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
DECLARE d titledesk.desks := titledesk.session_desk();
BEGIN
  IF NOT d.role = ANY (roles) THEN
    RAISE EXCEPTION 'a % desk may not do this (it needs %)', d.role, array_to_string(roles, ' or ') USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN d;
END $$;

ALTER TABLE titledesk.teams ENABLE ROW LEVEL SECURITY;
ALTER TABLE titledesk.desks ENABLE ROW LEVEL SECURITY;
ALTER TABLE titledesk.purchases ENABLE ROW LEVEL SECURITY;
ALTER TABLE titledesk.claims ENABLE ROW LEVEL SECURITY;
ALTER TABLE titledesk.budget_limits ENABLE ROW LEVEL SECURITY;
ALTER TABLE titledesk.budgets ENABLE ROW LEVEL SECURITY;
CREATE POLICY team_reads ON titledesk.teams FOR SELECT USING (id = (SELECT titledesk.my_team_id()));
CREATE POLICY team_reads ON titledesk.desks FOR SELECT USING (team_id = (SELECT titledesk.my_team_id()));
CREATE POLICY team_reads ON titledesk.purchases FOR SELECT USING (team_id = (SELECT titledesk.my_team_id()));
CREATE POLICY team_reads ON titledesk.claims FOR SELECT USING (team_id = (SELECT titledesk.my_team_id()));
CREATE POLICY team_reads ON titledesk.budget_limits FOR SELECT USING (team_id = (SELECT titledesk.my_team_id()));
CREATE POLICY team_reads ON titledesk.budgets FOR SELECT USING (team_id = (SELECT titledesk.my_team_id()));

CREATE FUNCTION titledesk.guard_purchase_update() RETURNS trigger
LANGUAGE plpgsql SET search_path = titledesk, pg_temp AS $$
BEGIN
  IF OLD.state IN ('available', 'failed', 'cancelled') THEN
    RAISE EXCEPTION 'purchase % is settled (%): it can no longer change', OLD.id, OLD.state USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW.team_id, NEW.desk_id, NEW.environment, NEW.local_id, NEW.resource_kind, NEW.resource, NEW.variables, NEW.prices, NEW.cost, NEW.currency, NEW.budget_day, NEW.budget_month, NEW.created_at)
     IS DISTINCT FROM
     (OLD.team_id, OLD.desk_id, OLD.environment, OLD.local_id, OLD.resource_kind, OLD.resource, OLD.variables, OLD.prices, OLD.cost, OLD.currency, OLD.budget_day, OLD.budget_month, OLD.created_at) THEN
    RAISE EXCEPTION 'purchase %: only its state and answers may change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.accepted AND NOT NEW.accepted THEN
    RAISE EXCEPTION 'purchase %: the service already accepted it', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  NEW.seq := nextval('titledesk.change_seq');
  NEW.changed_xid := pg_current_xact_id();
  NEW.updated_at := now();
  IF NEW.state IN ('available', 'failed', 'cancelled') THEN NEW.settled_at := now(); END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER guard_purchase_update BEFORE UPDATE ON titledesk.purchases FOR EACH ROW EXECUTE FUNCTION titledesk.guard_purchase_update();

CREATE FUNCTION titledesk.refuse_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'team purchases are never deleted' USING ERRCODE = 'check_violation';
END $$;
CREATE TRIGGER refuse_delete BEFORE DELETE ON titledesk.purchases FOR EACH ROW EXECUTE FUNCTION titledesk.refuse_delete();

-- LISTEN/NOTIFY has no access control (any login hears every channel): the payload is only the
-- change's sequence number, and desks read the changed rows through row-level security.
CREATE FUNCTION titledesk.notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('titledesk_team', NEW.seq::text);
  RETURN NULL;
END $$;
CREATE TRIGGER notify_change AFTER INSERT OR UPDATE ON titledesk.purchases FOR EACH ROW EXECUTE FUNCTION titledesk.notify_change();
`,
};
