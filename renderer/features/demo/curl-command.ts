import { formatPreferences } from '../../../shared/http/prefer.ts';
import type { Exchange, PurchaseRecord } from '../../../shared/purchase/purchase.ts';

/**
 * The placeholder that stands for the access token. The renderer never has the token: the
 * command is rebuilt from the timeline, and the reader sets TOKEN in their own shell.
 */
export const tokenPlaceholder = '$TOKEN';

/** POSIX shell single quotes: nothing inside is expanded; a quote itself is closed, escaped, reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The base URL without a trailing slash, as the core joins paths to it. */
function trimBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/** The exchange's path was recorded from the full URL, so the base's origin completes it. */
function urlOf(exchange: Exchange, baseUrl: string): string {
  return `${new URL(baseUrl).origin}${exchange.path}`;
}

function preferOf(record: PurchaseRecord): string {
  const preferences: { name: string; value?: number }[] = [{ name: 'respond-async' }];
  if (record.options.fireAndForget === true) preferences.push({ name: 'wait', value: 0 });
  if (record.options.minWaitSeconds !== undefined) preferences.push({ name: 'service.min-wait', value: record.options.minWaitSeconds });
  return formatPreferences(preferences);
}

/**
 * One request of a purchase as a curl command that repeats it: the same method, URL and headers
 * (the POST with its JSON-LD body), with the bearer token left to the shell as "$TOKEN".
 */
export function curlCommand(exchange: Exchange, record: PurchaseRecord, baseUrl: string): string {
  // Double quotes only around the Authorization header, so that the shell expands $TOKEN there.
  const lines = [
    `curl -i -X ${exchange.method} ${shellQuote(urlOf(exchange, baseUrl))}`,
    `-H "Authorization: Bearer ${tokenPlaceholder}"`,
    `-H ${shellQuote('Accept: application/ld+json')}`,
  ];
  if (exchange.method === 'POST') {
    const body = JSON.stringify({
      '@context': `${trimBase(baseUrl)}/.hydra/context.jsonld`,
      '@type': 'PurchaseVariableAction',
      variables: record.variables,
    });
    lines.push(`-H ${shellQuote('Content-Type: application/ld+json')}`, `-H ${shellQuote(`Prefer: ${preferOf(record)}`)}`, `--data-raw ${shellQuote(body)}`);
  }
  return lines.join(' \\\n  ');
}
