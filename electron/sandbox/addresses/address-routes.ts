import type { IncomingMessage } from 'node:http';
import { formatAddressKey, parseAddressKey } from '../../../shared/property/address-key.ts';
import { authenticate, isReply } from '../auth/bearer.ts';
import { jsonLd, jsonReply, notFound, problemReply, type Reply } from '../http/reply.ts';
import { addressCatalogUrl, catalogUrl, type ServiceState } from '../service-state.ts';
import type { SandboxAddress } from '../world/types.ts';
import { addressLabel, isPostcode } from './address-index.ts';

function addressUrl(state: ServiceState, address: SandboxAddress): string {
  return `${state.baseUrl}/world/GB/addresses/${encodeURIComponent(formatAddressKey(address.udprn, address.umrrn))}`;
}

/** An address's own catalog, as the service's PostalAddress links it (its titles link theirs). */
function ownCatalog(state: ServiceState, address: SandboxAddress): { catalog: string } {
  return { catalog: addressCatalogUrl(state.baseUrl, formatAddressKey(address.udprn, address.umrrn)) };
}

function postalAddress(state: ServiceState, address: SandboxAddress): unknown {
  return {
    '@context': state.contextUrl,
    '@id': addressUrl(state, address),
    '@type': 'PostalAddress',
    label: addressLabel(address),
    // Identifiers, not quantities: strings, like the UPRN variable's value.
    uprn: address.uprn,
    udprn: String(address.udprn),
    umrrn: String(address.umrrn),
    ...ownCatalog(state, address),
    titles: address.titles.map((title) => ({
      titleNumber: title.titleNumber,
      tenure: title.tenure,
      catalog: catalogUrl(state.baseUrl, title.titleNumber),
    })),
  };
}

/** GET /world/GB/addresses/{key}: 400 for a key that is not base36·base36, 404 for one not in the world. */
function handleAddress(keySegment: string, state: ServiceState): Reply {
  let key: string;
  try {
    key = decodeURIComponent(keySegment);
  } catch {
    return problemReply(400, 'Bad Request', 'The address key is not valid percent-encoding.');
  }
  const parts = parseAddressKey(key);
  if (parts === undefined) return problemReply(400, 'Bad Request', 'An address key is base36(UDPRN)·base36(UMRRN), e.g. 8e05p·0.');
  const address = state.addresses.find(parts.udprn, parts.umrrn);
  return address === undefined ? notFound('No such address.') : jsonReply(200, postalAddress(state, address), {}, jsonLd);
}

/** GET /world/GB/addresses?postcode=…: every address in a postcode, possibly none. */
function handlePostcode(url: URL, state: ServiceState): Reply {
  const postcodes = url.searchParams.getAll('postcode');
  const postcode = postcodes[0];
  if (postcodes.length !== 1 || postcode === undefined || !isPostcode(postcode)) {
    return problemReply(400, 'Bad Request', 'Give exactly one UK postcode, e.g. ?postcode=LS23 6TR.');
  }
  const member = state.addresses.inPostcode(postcode).map((address) => ({
    '@id': addressUrl(state, address),
    '@type': 'PostalAddress',
    label: addressLabel(address),
    ...ownCatalog(state, address),
  }));
  return jsonReply(
    200,
    {
      '@context': state.contextUrl,
      '@id': `${state.baseUrl}${url.pathname}${url.search}`,
      '@type': 'hydra:Collection',
      manages: { property: 'rdf:type', object: 'PostalAddress' },
      member,
      totalItems: member.length,
    },
    {},
    jsonLd,
  );
}

/** Routes under /world/GB/addresses; `rest` is what follows that prefix. */
export function handleAddresses(request: IncomingMessage, url: URL, rest: string, state: ServiceState): Reply {
  const principal = authenticate(request, state.tokens);
  if (isReply(principal)) return principal;
  if (rest === '' || rest === '/') return handlePostcode(url, state);
  const key = /^\/([^/]+)$/.exec(rest)?.[1];
  return key === undefined ? notFound() : handleAddress(key, state);
}
