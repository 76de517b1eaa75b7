import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { checkServerIdentity, type ConnectionOptions } from 'node:tls';
import { CoreError } from '../errors.ts';
import { registerLiveSecret } from '../live-secrets.ts';

/** How a desk talks to the team database: verify-full unless the server is on this machine. */
export type TeamTlsMode = 'disable' | 'require' | 'verify-full';

export interface TeamConnection {
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly username: string;
  /** Never logged, never in an error: `describe` is what people see. */
  readonly password: string | undefined;
  readonly tls: TeamTlsMode;
  readonly ssl: false | ConnectionOptions;
  /** postgres://user@host:port/database (TLS mode), without the password. */
  readonly describe: string;
}

export interface TeamUrlOptions {
  /** A PEM file of the certificate authority that signed the server's certificate. */
  readonly caFile?: string | undefined;
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '::1']);

export function isLoopbackHost(host: string): boolean {
  return loopbackNames.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function invalid(message: string): CoreError {
  return new CoreError('validation', `The team database URL ${message}`);
}

function tlsModeFrom(text: string | null, host: string): TeamTlsMode {
  if (text === null) return isLoopbackHost(host) ? 'disable' : 'verify-full';
  if (text === 'disable' || text === 'require' || text === 'verify-full') return text;
  throw invalid(`has sslmode=${text}: use verify-full (the default away from this machine), require or disable`);
}

function readCa(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new CoreError('validation', `The team database's certificate authority file ${file} cannot be read (${reason}).`);
  }
}

/** TLS that checks the chain and the name (or IP address) the desk dialled, with a custom CA if given. */
function verifyingTls(host: string, ca: Buffer | undefined): ConnectionOptions {
  return {
    rejectUnauthorized: true,
    ...(ca === undefined ? {} : { ca }),
    ...(isIP(host) === 0 ? { servername: host } : {}),
    checkServerIdentity: (_servername, certificate) => checkServerIdentity(host, certificate),
  };
}

/**
 * Reads postgres://user:password@host:port/database[?sslmode=…&sslrootcert=FILE]. Any other query
 * parameter is refused rather than passed to the server unread. The password is registered as a
 * live secret, so no log line or error can carry it.
 */
export function parseTeamUrl(text: string, options: TeamUrlOptions = {}): TeamConnection {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw invalid('is not a URL (postgres://user:password@host:5432/database)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw invalid(`must start postgres:// (not ${url.protocol}//)`);
  const password = url.password === '' ? undefined : decodeURIComponent(url.password);
  registerLiveSecret(password);
  // new URL keeps an IPv6 address in brackets; the socket wants it bare.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '') throw invalid('has no host');
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database === '' || database.includes('/')) throw invalid('must name one database after the host (…:5432/database)');
  const username = decodeURIComponent(url.username);
  if (username === '') throw invalid('must name the login (postgres://login@host/database)');
  const port = url.port === '' ? 5432 : Number(url.port);
  for (const key of url.searchParams.keys()) {
    if (key !== 'sslmode' && key !== 'sslrootcert') throw invalid(`has a parameter TitleDesk does not use: ${key}`);
  }
  const tls = tlsModeFrom(url.searchParams.get('sslmode'), host);
  const caFile = options.caFile ?? url.searchParams.get('sslrootcert') ?? undefined;
  if (caFile !== undefined && tls !== 'verify-full') throw invalid(`gives a certificate authority but sslmode=${tls}: a CA is only used with verify-full`);
  const ssl = tls === 'disable' ? false : tls === 'require' ? { rejectUnauthorized: false } : verifyingTls(host, caFile === undefined ? undefined : readCa(caFile));
  return { host, port, database, username, password, tls, ssl, describe: `postgres://${encodeURIComponent(username)}@${isIP(host) === 6 ? `[${host}]` : host}:${String(port)}/${encodeURIComponent(database)} (TLS ${tls})` };
}
