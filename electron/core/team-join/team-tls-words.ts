import { isLoopbackHost, type TeamConnection } from '../team/team-url.ts';

/**
 * A server without the TLS a desk's URL demands, in words naming the database: one text for Test
 * connection, `titledesk team status` and a running desk's header and refusals, so they never say
 * it differently. The headlines and the other advice are shared/team/team-away-words.ts's.
 */

/** A server that answered "no TLS" to a desk whose URL demands it; names the database, never the password. */
export function tlsNotOfferedWords(connection: TeamConnection): string {
  const instead = isLoopbackHost(connection.host) ? '; for a server on this machine, sslmode=disable connects without TLS' : '';
  return `The team database at ${connection.describe} does not offer TLS, and this desk's URL demands it (sslmode=${connection.tls}): nothing was sent. The server's admin turns TLS on (ssl = on)${instead}.`;
}
