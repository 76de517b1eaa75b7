import type { Environment } from '../../shared/environment/environment.ts';
import { parseVariableIri } from '../../shared/catalog/iri.ts';
import type { ListedPurchase } from '../../shared/purchase/purchase.ts';

/**
 * The address of the service a journaled purchase was made on, from what the record itself
 * holds: its result URL ({base}/purchases/{id}) or a variable IRI ({base}/vars/… or the older
 * {base}/variable/…). The environment id alone (cli-127-0-0-1-4…) is TitleDesk's and means
 * nothing to a reader.
 */
export function serviceAddressOf(record: Pick<ListedPurchase, 'resultUrl' | 'variables' | 'environmentId'>, environments: readonly Environment[] = []): string | undefined {
  const known = environments.find((environment) => environment.id === record.environmentId);
  if (known !== undefined) return known.baseUrl.replace(/\/+$/, '');
  const fromResult = record.resultUrl === undefined ? undefined : /^(.*)\/purchases\/[^/]+\/?$/.exec(record.resultUrl)?.[1];
  if (fromResult !== undefined) return fromResult;
  // The base is what comes before /vars/ or the older /variable/: the IRI's own parse says which.
  return record.variables.map((variable) => parseVariableIri(variable)?.base).find((base) => base !== undefined);
}

/** "127.0.0.1:47811" or "api.whenfresh.com": the host, with a path when the service has one. */
export function shortAddress(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return baseUrl;
  }
}
