import type { TeamMigration } from './migration.ts';

/**
 * The team's tables. Desks read them through row-level security (their own team's rows only) and
 * never write them: there are no INSERT, UPDATE or DELETE grants, only the functions of 0002.
 * Money is numeric(20,4), exact, like the desk's own rounding to 1/10,000 of a unit.
 */
export const teamSchema: TeamMigration = {
  version: 1,
  name: 'team-schema',
  sql: `
CREATE TABLE titledesk.teams (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
  -- A variable bought within the window is reused, not bought again, by every desk.
  reuse_window interval NOT NULL DEFAULT interval '30 days' CHECK (reuse_window >= interval '0'),
  -- A claim whose purchase never reported back is "being bought" this long before support may release it.
  claim_timeout interval NOT NULL DEFAULT interval '15 minutes' CHECK (claim_timeout > interval '0'),
  -- The team's calendar: the day and month a budget row counts.
  time_zone text NOT NULL DEFAULT 'Europe/London',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE titledesk.desks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team_id bigint NOT NULL REFERENCES titledesk.teams,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  role text NOT NULL CHECK (role IN ('analyst', 'support', 'admin')),
  login_role name NOT NULL UNIQUE,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, name)
);

CREATE SEQUENCE titledesk.purchase_ids;
-- Every change to a purchase takes the next number: the only thing a notification carries.
CREATE SEQUENCE titledesk.change_seq;

CREATE TABLE titledesk.purchases (
  id bigint PRIMARY KEY DEFAULT nextval('titledesk.purchase_ids'),
  team_id bigint NOT NULL REFERENCES titledesk.teams,
  desk_id bigint NOT NULL REFERENCES titledesk.desks,
  environment text NOT NULL CHECK (length(environment) BETWEEN 1 AND 200),
  local_id text NOT NULL CHECK (length(local_id) BETWEEN 1 AND 200),
  resource_kind text NOT NULL CHECK (resource_kind IN ('title', 'address', 'spatial')),
  resource text NOT NULL CHECK (length(resource) BETWEEN 1 AND 200),
  variables text[] NOT NULL CHECK (cardinality(variables) >= 1),
  prices numeric(20,4)[] NOT NULL CHECK (cardinality(prices) = cardinality(variables)),
  state text NOT NULL CHECK (state IN ('submitting', 'pending', 'available', 'failed', 'outcome_unknown', 'cancelled', 'not_sent', 'waiting_for_sign_in')),
  cost numeric(20,4) NOT NULL CHECK (cost >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- The service's answers as the desk recorded them (303, 202s, the result); the desk's own shape.
  answers jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (octet_length(answers::text) <= 1048576),
  service_purchase_id text CHECK (length(service_purchase_id) <= 500),
  -- The service accepted the POST (303, 202 or 200): from then on the money is spent.
  accepted boolean NOT NULL DEFAULT false,
  budget_day date NOT NULL,
  budget_month date NOT NULL,
  budget_released boolean NOT NULL DEFAULT false,
  released_by bigint REFERENCES titledesk.desks,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  seq bigint NOT NULL DEFAULT nextval('titledesk.change_seq'),
  changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  UNIQUE (desk_id, local_id)
);
CREATE INDEX purchases_team_seq ON titledesk.purchases (team_id, seq);
CREATE INDEX purchases_changed_xid ON titledesk.purchases (changed_xid);
CREATE INDEX purchases_team_resource ON titledesk.purchases (team_id, resource, created_at DESC);
CREATE INDEX purchases_service_id ON titledesk.purchases (service_purchase_id) WHERE service_purchase_id IS NOT NULL;

-- "Never pay twice": one row per variable of a resource on an environment, held by one purchase.
CREATE TABLE titledesk.claims (
  team_id bigint NOT NULL REFERENCES titledesk.teams,
  environment text NOT NULL,
  resource_kind text NOT NULL,
  resource text NOT NULL,
  variable text NOT NULL,
  purchase_id bigint NOT NULL REFERENCES titledesk.purchases DEFERRABLE INITIALLY DEFERRED,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  -- The holding purchase delivered: its value is reused until the reuse window ends.
  settled_at timestamptz,
  -- The holding purchase failed, was cancelled or was released: anyone may take the claim.
  released_at timestamptz,
  PRIMARY KEY (team_id, environment, resource_kind, resource, variable)
);
CREATE INDEX claims_purchase ON titledesk.claims (purchase_id);

CREATE TABLE titledesk.budget_limits (
  team_id bigint NOT NULL REFERENCES titledesk.teams,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  period text NOT NULL CHECK (period IN ('day', 'month')),
  limit_amount numeric(20,4) NOT NULL CHECK (limit_amount >= 0),
  PRIMARY KEY (team_id, currency, period)
);

-- One row per team, currency, period and day or month: the row a conditional UPDATE takes from.
CREATE TABLE titledesk.budgets (
  team_id bigint NOT NULL REFERENCES titledesk.teams,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  period text NOT NULL CHECK (period IN ('day', 'month')),
  period_start date NOT NULL,
  limit_amount numeric(20,4) CHECK (limit_amount >= 0),
  spent numeric(20,4) NOT NULL DEFAULT 0 CHECK (spent >= 0),
  PRIMARY KEY (team_id, currency, period, period_start)
);
`,
};
