import type { ApiRequest } from '../../api/service-client-types.ts';
import { serviceUrl } from '../../api/urls.ts';

/**
 * The purchase POST as the interface defines it: JSON-LD body with the context document of this
 * service, the variable IRIs verbatim (JSON.stringify keeps spaces and non-ASCII as they are).
 */
export function buildPurchaseRequest(baseUrl: URL, titleNumber: string, variables: readonly string[], prefer: string): Omit<ApiRequest, 'signal' | 'timeoutMs'> & { url: URL } {
  const url = serviceUrl(baseUrl, `/world/GB-eaw/titles/${encodeURIComponent(titleNumber)}/catalog`);
  const body = JSON.stringify({
    '@context': serviceUrl(baseUrl, '/.hydra/context.jsonld').href,
    '@type': 'PurchaseVariableAction',
    variables,
  });
  return { method: 'POST', url, headers: { 'content-type': 'application/ld+json', accept: 'application/ld+json', prefer }, body };
}
