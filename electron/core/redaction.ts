import { liveSecrets, minSecretLength } from './live-secrets.ts';

/**
 * The one place where text that came from outside (a service's or a provider's answer, an error
 * made from one) is cleaned of secrets before it is stored, logged or shown: the live secrets
 * (live-secrets.ts) wherever they appear, and the shapes secrets travel in whatever their value
 * (Authorization schemes, token and key parameters, JSON fields, JWTs, long runs named a token).
 */
export const redactedMark = '[redacted]';

const secretNames = 'access_token|refresh_token|id_token|client_secret|password|api_key|apikey|key|token|secret';
const fieldNames = `${secretNames}|refreshToken|clientSecret|accessToken|providerKey|idToken`;

/** A run that looks like a credential: a letter or digit run with a digit or punctuation in it. */
function looksLikeCredential(run: string, minLength: number): boolean {
  return run.length >= minLength && /[0-9._~+/=-]/.test(run);
}

const patterns: readonly [RegExp, (match: string, ...groups: string[]) => string][] = [
  // An Authorization header value; "Basic authentication" is words, not a credential.
  [/\b(Bearer|Basic)(\s+)([\w.~+/-]+=*)/gi, (match, scheme = '', space = '', run = '') => (looksLikeCredential(run, 8) ? `${scheme}${space}${redactedMark}` : match)],
  // name=value in a query string or form body (Loqate's Key=, OAuth's refresh_token=…).
  [new RegExp(`([?&;,\\s]|^)(${secretNames})=([^&\\s"';,]+)`, 'gi'), (_match, before = '', name = '') => `${before}${name}=${redactedMark}`],
  // "name": "value" in JSON, and name: 'value' in object dumps.
  [new RegExp(`(["']?)\\b(${fieldNames})\\1(\\s*:\\s*)(["'])(?:\\\\.|(?!\\4).)*\\4`, 'gi'), (_match, q = '', name = '', colon = '', v = '') => `${q}${name}${q}${colon}${v}${redactedMark}${v}`],
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, () => redactedMark],
  // "token abc123…", "key: AA11-BB22-…": a long opaque run after the word naming it, as a word
  // of its own, so a folder such as ~/keys/… or .secret-stuff/… in a message is left whole.
  [/\b(token|key|secret)\b(\s*[:=]\s*|\s+)([\w.~+/-]{16,}=*)/gi, (match, name = '', gap = '', run = '') => (looksLikeCredential(run, 16) && /[A-Za-z]/.test(run) ? `${name}${gap}${redactedMark}` : match)],
];

/** `text` with every live secret (and every extra known value) replaced; no pattern is applied. */
export function redactKnownSecrets(text: string, extra: readonly string[] = []): string {
  const known = extra.length === 0 ? liveSecrets() : [...extra.filter((value) => value.length >= minSecretLength), ...liveSecrets()].sort((a, b) => b.length - a.length);
  let result = text;
  for (const value of known) {
    if (result.includes(value)) result = result.split(value).join(redactedMark);
  }
  return result;
}

/** `text` with the live secrets and anything shaped like a secret replaced: for words shown to people. */
export function redactSecrets(text: string, extra: readonly string[] = []): string {
  let result = redactKnownSecrets(text, extra);
  for (const [pattern, replace] of patterns) result = result.replace(pattern, replace);
  return result;
}
