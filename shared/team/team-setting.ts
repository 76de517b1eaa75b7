import { z } from 'zod';

/**
 * Settings → Team: which team database this desk joins and as which login. The password is never
 * part of it (the OS keychain keeps it), so this is safe in the settings file and the renderer.
 */

/** How a desk talks to the team database (the core's rule, electron/core/team/team-url.ts). */
export const teamTlsModeSchema = z.enum(['disable', 'require', 'verify-full']);
export type TeamTlsMode = z.infer<typeof teamTlsModeSchema>;

const loopbackNames = new Set(['localhost', '127.0.0.1', '::1']);

function isLoopback(host: string): boolean {
  return loopbackNames.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

interface TeamUrlParts {
  readonly scheme: string;
  readonly userinfo: string | undefined;
  readonly host: string;
  readonly path: string;
  readonly params: readonly (readonly [string, string])[];
}

// shared/ has no URL class (no DOM, no Node): a postgres URL is simple enough to take apart here.
const urlPattern = /^([a-z][a-z0-9+.-]*):\/\/(?:([^@/?#]*)@)?(\[[^\]/?#\s]*\]|[^:/?#\s]*)(?::(\d*))?(\/[^?#]*)?(?:\?([^#]*))?(?:#.*)?$/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function parsedUrl(text: string): TeamUrlParts | undefined {
  const match = urlPattern.exec(text.trim());
  if (match === null) return undefined;
  const query = match[6] ?? '';
  const params = query === '' ? [] : query.split('&').map((pair): [string, string] => {
    const at = pair.indexOf('=');
    return at === -1 ? [decoded(pair), ''] : [decoded(pair.slice(0, at)), decoded(pair.slice(at + 1))];
  });
  return { scheme: (match[1] ?? '').toLowerCase(), userinfo: match[2], host: match[3] ?? '', path: match[5] ?? '', params };
}

/**
 * Why a Settings → Team URL cannot be used, in the user's words; undefined when it can. The login
 * and password have their own fields: a URL carrying them is refused, so a password typed into the
 * URL never reaches the settings file.
 */
export function teamUrlProblem(text: string): string | undefined {
  const url = parsedUrl(text);
  if (url === undefined) return 'Not a URL: postgres://host:5432/database.';
  if (url.scheme !== 'postgres' && url.scheme !== 'postgresql') return 'It must start postgres://.';
  if (url.userinfo !== undefined) return 'Leave the login and password out of the URL: they have their own fields below.';
  if (url.host === '' || url.host === '[]') return 'It must name the database server: postgres://host:5432/database.';
  const database = url.path.replace(/^\//, '');
  if (database === '' || database.includes('/')) return 'It must name one database after the server: postgres://host:5432/database.';
  for (const [key, value] of url.params) {
    if (key !== 'sslmode') return `TitleDesk does not use the parameter ${key}${key === 'sslrootcert' ? ': give the CA file below' : ''}.`;
    if (!teamTlsModeSchema.safeParse(value).success) return `sslmode=${value} is not one TitleDesk uses: verify-full, require or disable.`;
  }
  return undefined;
}

/** The TLS mode a URL gets: sslmode when given, else verify-full for any host off this machine. */
export function teamTlsModeOf(text: string): TeamTlsMode | undefined {
  const url = parsedUrl(text);
  if (url === undefined) return undefined;
  const given = teamTlsModeSchema.safeParse(url.params.find(([key]) => key === 'sslmode')?.[1]);
  if (given.success) return given.data;
  return isLoopback(url.host.replace(/^\[|\]$/g, '')) ? 'disable' : 'verify-full';
}

/** One line per mode, as Settings → Team shows it beside the URL. */
export const teamTlsWords: Readonly<Record<TeamTlsMode, string>> = {
  'verify-full': 'TLS verify-full: encrypted, and the server must prove it is the host named (a CA file below for a private CA).',
  require: 'TLS require: encrypted, but the server’s certificate is not checked (sslmode=require in the URL).',
  disable: 'No TLS: the server is on this machine, so nothing crosses the network.',
};

export const teamSettingSchema = z.object({
  /** postgres://host:port/database[?sslmode=…], without login or password. */
  databaseUrl: z.string().trim().min(1).max(500).superRefine((text, context) => {
    const problem = teamUrlProblem(text);
    if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
  }),
  /** The desk's own database login (titledesk team add-desk prints it). */
  login: z.string().trim().min(1, 'The desk’s login is needed.').max(63).regex(/^[^\s\p{Cc}]+$/u, 'A login has no spaces.'),
  /** A PEM file of the CA that signed the server's certificate, for a private CA. */
  caFile: z.string().trim().min(1).max(4096).optional(),
});
export type TeamSetting = z.infer<typeof teamSettingSchema>;

/** A desk's password as the form sends it once; never sent back. */
export const teamPasswordSchema = z.string().min(1).max(1024);

/** What the renderer may know of Settings → Team: the setting, and only whether a password is kept. */
export const teamViewSchema = z.object({
  setting: teamSettingSchema.nullable(),
  password: z.enum(['saved', 'not-set']),
  /** Where a password typed now is kept. */
  passwordKeptIn: z.enum(['os-keychain', 'session', 'environment']),
  tls: teamTlsModeSchema.optional(),
});
export type TeamView = z.infer<typeof teamViewSchema>;
