/**
 * Which links may leave the app for the OS browser. Only https, only hosts the user needs
 * (the service's and the address provider's sites), never a URL carrying credentials: anything
 * else the renderer asks to open is dropped.
 */
export const externalHosts: ReadonlySet<string> = new Set([
  'whenfresh.com',
  'www.whenfresh.com',
  'developer.whenfresh.com',
  'docs.whenfresh.com',
  'api.whenfresh.com',
  'www.loqate.com',
  'account.loqate.com',
  'docs.loqate.com',
]);

/** The URL to hand to the OS browser, or undefined when it is not allowed. */
export function allowedExternalUrl(raw: string, hosts: ReadonlySet<string> = externalHosts): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return undefined;
  if (!hosts.has(url.hostname)) return undefined;
  return url.href;
}
