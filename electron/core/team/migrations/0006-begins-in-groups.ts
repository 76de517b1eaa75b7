import { deskFunctions } from './0004-desk-functions.ts';
import { beginOnce } from './0005-begin-once-per-local-id.ts';
import type { TeamMigration } from './migration.ts';

const localIdLock = '  -- One begin per desk and local id at a time: a second waits for the first, then finds it.';
const releaseHeader = 'CREATE FUNCTION titledesk.release_unaccepted(';
const releaseLookup = '  SELECT * INTO v_purchase FROM titledesk.purchases WHERE id = p_purchase_id AND desk_id = d.id FOR UPDATE;';

/** The team's one lock for what takes claims and budget together; held to the end of the transaction. */
const teamLock = '  PERFORM pg_advisory_xact_lock(hashtextextended(\'titledesk.team-begins:\' || d.team_id::text, 0));';

/** `text` with `line` (and a comment) inserted before `marker`; refuses when the frozen text moved. */
function before(text: string, marker: string, lines: string): string {
  if (!text.includes(marker)) throw new Error(`an earlier team migration no longer has the text 0006 builds on: ${marker.trim()}`);
  return text.replace(marker, `${lines}\n${marker}`);
}

/** 0004's release_unaccepted, whole, as the text it was created from. */
function releaseText(): string {
  const text = deskFunctions.sql;
  const start = text.indexOf(releaseHeader);
  const end = text.indexOf('END $$;', start);
  if (start < 0 || end < 0) throw new Error('0004-desk-functions no longer has the text 0006 builds on');
  return text.slice(start, end + 'END $$;'.length).replace(releaseHeader, 'CREATE OR REPLACE FUNCTION titledesk.release_unaccepted(');
}

/**
 * A desk's begins of one scheduler turn in calls of up to 50, one transaction (one commit) each, and
 * the lock that makes that safe. Claims are taken before budget rows within a begin (0004), but a
 * group holds the budget rows of its first begin while it claims for its next: with a release or
 * another group taking claims then budget rows that order would deadlock. So every begin and every
 * release first takes one transaction lock per team; begins of a team were one at a time already,
 * queued on the day's budget row. And an answer that settles nothing no longer locks its claims.
 * Built from 0004's and 0005's frozen text, never edited.
 */
export const beginsInGroups: TeamMigration = {
  version: 6,
  name: 'begins-in-groups',
  sql: `
${before(beginOnce.sql, localIdLock, '  -- Begins and releases of a team one at a time, whether alone or in a group (0006).\n' + teamLock)}

${before(releaseText(), releaseLookup, '  -- After the begins and releases before it, as a begin waits for it (0006).\n' + teamLock)}

-- A desk's answers that settle nothing (a 303, a 202) no longer lock the purchase's claims: only a
-- settling state changes them, and a begin of another desk for the same title (ON CONFLICT locks
-- the claim rows it meets) need not queue behind every answer.
CREATE OR REPLACE FUNCTION titledesk.settle_claims(p_purchase titledesk.purchases) RETURNS void
LANGUAGE sql VOLATILE SET search_path = titledesk, pg_temp AS $$
  SELECT titledesk.lock_claims(p_purchase.id) WHERE p_purchase.state IN ('available', 'failed', 'cancelled');
  UPDATE titledesk.claims SET released_at = now()
  WHERE purchase_id = p_purchase.id AND released_at IS NULL AND p_purchase.state IN ('failed', 'cancelled');
  UPDATE titledesk.claims SET settled_at = now()
  WHERE purchase_id = p_purchase.id AND settled_at IS NULL AND p_purchase.state = 'available';
$$;

-- The begins of a group in the order given, in one transaction: a refusal of one (a bad price)
-- refuses the group, and the desk asks for its begins one at a time instead. At most 50: each
-- begin takes one subtransaction, and past 64 in one transaction every session's snapshots slow
-- down (the subtransaction cache overflows).
CREATE FUNCTION titledesk.begin_purchases(p_begins jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = titledesk, pg_temp AS $$
DECLARE
  d titledesk.desks := titledesk.require_role('analyst');
  v_begin jsonb;
  v_results jsonb[] := '{}';
BEGIN
  IF jsonb_typeof(p_begins) IS DISTINCT FROM 'array' OR jsonb_array_length(p_begins) > 50 THEN
    RAISE EXCEPTION 'a group holds 0 to 50 begins' USING ERRCODE = 'invalid_parameter_value';
  END IF;
${teamLock}
  FOR v_begin IN SELECT value FROM jsonb_array_elements(p_begins) WITH ORDINALITY AS b(value, n) ORDER BY n LOOP
    v_results := array_append(v_results, jsonb_build_object('localId', v_begin->>'localId', 'result', titledesk.begin_purchase(
      v_begin->>'environment', v_begin->>'localId', v_begin->>'resourceKind', v_begin->>'resource',
      ARRAY(SELECT v FROM jsonb_array_elements_text(v_begin->'variables') WITH ORDINALITY AS t(v, n) ORDER BY n),
      ARRAY(SELECT v::numeric FROM jsonb_array_elements_text(v_begin->'prices') WITH ORDINALITY AS t(v, n) ORDER BY n),
      v_begin->>'currency')));
  END LOOP;
  RETURN to_jsonb(v_results);
END $$;

REVOKE EXECUTE ON FUNCTION titledesk.begin_purchases(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION titledesk.begin_purchases(jsonb) TO titledesk_desk;
`,
};
