import { beginPurchase } from './0003-begin-purchase.ts';
import type { TeamMigration } from './migration.ts';

const beginHeader = 'CREATE FUNCTION titledesk.begin_purchase(';
const existingCheck = '  -- The same begin sent twice (an answer lost on the way back) finds the first one.';

/**
 * begin_purchase as 0003 made it, with one statement before its check for an earlier begin of the
 * same local id: a transaction-scoped lock on (desk, local id). A begin asked again while the first
 * is still running (a frozen server answering both once it runs on) then waits for the first and
 * finds it, instead of finding its own claims held and answering all_held. Built from 0003's frozen
 * text so that the function is written once; 0003 itself is never edited.
 */
function beginOncePerLocalId(): string {
  const text = beginPurchase.sql;
  const start = text.indexOf(beginHeader);
  const end = text.indexOf('END $$;', start);
  if (start < 0 || end < 0 || !text.includes(existingCheck)) throw new Error('0003-begin-purchase no longer has the text 0005 builds on');
  const body = text.slice(start, end + 'END $$;'.length);
  return body
    .replace(beginHeader, 'CREATE OR REPLACE FUNCTION titledesk.begin_purchase(')
    .replace(existingCheck, `  -- One begin per desk and local id at a time: a second waits for the first, then finds it.
  PERFORM pg_advisory_xact_lock(hashtextextended('titledesk.begin:' || d.id::text || ':' || p_local_id, 0));
${existingCheck}`);
}

export const beginOnce: TeamMigration = {
  version: 5,
  name: 'begin-once-per-local-id',
  sql: beginOncePerLocalId(),
};
