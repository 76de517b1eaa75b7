import postgres from 'postgres';
import { CoreError } from '../errors.ts';
import { SchemaTooNewError, SchemaTooOldError } from './migrations/migration.ts';

/**
 * Node's and postgres.js's codes for a query that never reached a server: no connection, or (EPIPE)
 * a write into a socket the server had already closed.
 */
const neverConnected = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'CONNECT_TIMEOUT', 'EPIPE']);
const certificateRefused = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ALTNAME|HOSTNAME_MISMATCH/;
/** A certificate trusted but issued for another name: the URL's host, not the CA file, is what to fix. */
const wrongHostName = /ALTNAME|HOSTNAME_MISMATCH/;

function codeOf(error: unknown): string {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
}

/** The connection broke before anything reached the server: a begin certainly did not happen. */
export function certainlyNotSent(error: unknown): boolean {
  const code = codeOf(error);
  return neverConnected.has(code) || certificateRefused.test(code) || code === '28P01' || code === '28000';
}

/**
 * A failure of the team database in people's words, naming the database (never its password).
 * `during` says what was being done; an in-flight begin that lost its connection is
 * outcome_unknown: the desk looks its local id up before deciding.
 */
export function teamError(error: unknown, where: string, during: 'begin' | 'read' | 'write' | 'admin'): CoreError {
  if (error instanceof CoreError) return error;
  if (error instanceof SchemaTooNewError) return new CoreError('protocol', `The team database at ${where}: ${error.message}.`, { cause: error });
  if (error instanceof SchemaTooOldError) return new CoreError('protocol', `The team database at ${where} ${error.message}.`, { cause: error });
  const code = codeOf(error);
  if (error instanceof postgres.PostgresError) {
    if (code === '57P01' || code === '57P02' || code === '57P03') return lost(where, during, error);
    return databaseRefusal(code, error.message, where, error);
  }
  if (wrongHostName.test(code)) return new CoreError('network', `The team database at ${where} presented a certificate that does not name the host in the URL (${code}): nothing was sent.`);
  if (certificateRefused.test(code)) return new CoreError('network', `The team database at ${where} presented a certificate this desk does not trust (${code}): nothing was sent.`);
  if (neverConnected.has(code)) return new CoreError('network', `The team database at ${where} cannot be reached (${code}): the team's budget and reuse cannot be checked, so no new purchase can begin.`);
  return lost(where, during, error);
}

/** What the database itself answered with an error (SQLSTATE `code`), in people's words. */
function databaseRefusal(code: string, message: string, where: string, cause?: unknown): CoreError {
  if (code === '28P01' || code === '28000') return new CoreError('unauthorized', `The team database at ${where} refused this desk's login: check its name and password.`);
  if (code === '42501') return new CoreError('unauthorized', `The team database refused: ${message}.`);
  if (code === '22023' || code === '23514' || code === '23505' || code === '02000' || code === 'P0002' || code.startsWith('22')) {
    return new CoreError('validation', `The team database refused: ${message}.`);
  }
  return new CoreError('internal', `The team database at ${where} failed (${code}): ${message}.`, cause === undefined ? undefined : { cause });
}

/**
 * A login that is no active desk, in the words the database's own refusal takes (session_desk()
 * raising insufficient_privilege): a desk checking itself says it as a refused begin does.
 */
export function notAnActiveDesk(login: string, where: string): CoreError {
  return databaseRefusal('42501', `the login ${login} is not an active desk of a team`, where);
}

/** The errors lost() made: marked, not recognised by their words, which may be reworded. */
const lostConnections = new WeakSet<CoreError>();

/**
 * A connection that broke after it was opened (reset, closed): what a server refusing TLS looks
 * like to a desk whose URL demands it, as the client's handshake after the refusal is reset.
 */
export function isConnectionLost(error: unknown): boolean {
  return error instanceof CoreError && lostConnections.has(error);
}

function lost(where: string, during: string, error: unknown): CoreError {
  const code = codeOf(error) || (error instanceof Error ? error.message : 'unknown');
  const made = during === 'begin'
    ? new CoreError('outcome_unknown', `The team database at ${where} stopped answering during a begin (${code}): whether the purchase began is unknown; look its local id up before deciding.`)
    : new CoreError('network', `The team database at ${where} stopped answering (${code}).`);
  lostConnections.add(made);
  return made;
}

/**
 * A team schema this TitleDesk cannot use, from teamError's error: the database's version and
 * whether it is newer (update TitleDesk) or older (the admin migrates). Undefined for any other.
 */
export function schemaMismatchOf(error: unknown): { readonly version: number; readonly newer: boolean } | undefined {
  const cause = error instanceof CoreError ? error.cause : error;
  if (cause instanceof SchemaTooNewError) return { version: cause.found, newer: true };
  if (cause instanceof SchemaTooOldError) return { version: cause.found, newer: false };
  return undefined;
}
