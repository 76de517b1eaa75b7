/**
 * Secrets never reach the log file: every message is passed through here before electron-log
 * writes it. Known secret values (from the environment) are replaced wherever they appear, and
 * the shapes secrets travel in are masked whatever their value: Authorization headers, token and
 * key parameters in forms, queries and JSON, and JWTs. Pure, so it is unit tested.
 */
const mask = '[redacted]';
const secretNames = 'access_token|refresh_token|id_token|client_secret|password|api_key|apikey|key|token|secret';
const patterns: readonly [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${mask}`],
  // name=value in a query string or form body (Loqate's Key=, OAuth's refresh_token=…).
  [new RegExp(`([?&;\\s]|^)(${secretNames})=([^&\\s"';]+)`, 'gi'), `$1$2=${mask}`],
  // "name": "value" in JSON, and name: value in object dumps.
  [new RegExp(`(["']?)\\b(${secretNames}|refreshToken|clientSecret|accessToken|providerKey)\\1(\\s*:\\s*)(["'])(?:\\\\.|(?!\\4).)*\\4`, 'gi'), `$1$2$1$3$4${mask}$4`],
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, mask],
];

/** Secret values in the environment that the app may use (docs: README, "Configuring the real service"). */
export const secretEnvironmentVariables = ['WF_REFRESH_TOKEN', 'WF_CLIENT_SECRET', 'LOQATE_KEY'] as const;

export function createRedactor(knownSecrets: readonly string[]): (text: string) => string {
  // Short values would mask ordinary words; real secrets are long.
  const values = knownSecrets.filter((value) => value.length >= 8).sort((a, b) => b.length - a.length);
  return (text) => {
    let result = text;
    for (const value of values) result = result.split(value).join(mask);
    for (const [pattern, replacement] of patterns) result = result.replace(pattern, replacement);
    return result;
  };
}

/** electron-log's message data, each item made a redacted string (objects and errors included). */
export function redactLogData(data: readonly unknown[], redact: (text: string) => string): string[] {
  return data.map((item) => redact(describe(item)));
}

function describe(item: unknown): string {
  if (typeof item === 'string') return item;
  if (item instanceof Error) return item.stack ?? `${item.name}: ${item.message}`;
  if (item === undefined || typeof item === 'number' || typeof item === 'boolean' || typeof item === 'bigint' || typeof item === 'symbol') return String(item);
  try {
    // JSON.stringify gives undefined for a function, despite its declared type.
    const json = JSON.stringify(item) as string | undefined;
    return json ?? Object.prototype.toString.call(item);
  } catch {
    return Object.prototype.toString.call(item);
  }
}
