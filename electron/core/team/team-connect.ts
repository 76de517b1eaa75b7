import postgres, { type Sql } from 'postgres';
import type { TeamConnection } from './team-url.ts';

export interface TeamSqlOptions {
  readonly applicationName?: string;
  readonly connectTimeoutSeconds?: number;
  readonly maxConnections?: number;
}

/**
 * A postgres.js pool for a parsed team URL: the parts are passed one by one (never the URL text),
 * with the TLS the URL's host calls for, notices dropped (they are the server's, not the user's).
 */
export function openTeamSql(connection: TeamConnection, options: TeamSqlOptions = {}): Sql {
  return postgres({
    host: connection.host,
    port: connection.port,
    database: connection.database,
    username: connection.username,
    password: connection.password,
    ssl: connection.ssl,
    max: options.maxConnections ?? 4,
    connect_timeout: options.connectTimeoutSeconds ?? 10,
    idle_timeout: 60,
    onnotice: () => undefined,
    // No array types fetched on connect: postgres.js fetches them from inside its socket handler
    // and leaves that promise unhandled, so a connection dropped at that moment ended the process.
    // Arrays cross as JSON instead (team-store.ts).
    fetch_types: false,
    // Seconds before a dropped connection is opened again: at most 1. postgres.js's own backoff grows
    // with every failure while the server is away, up to 20 s, so a desk's waiting answers sat that
    // long after the server was back; the desk paces its own attempts (team-desk.ts, retryMs).
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    connection: { application_name: options.applicationName ?? 'titledesk' },
  });
}
