import { z } from 'zod';
import type { AddressCandidate, AddressRetrieveResult } from '../../../shared/property/address.ts';
import { parseAddressKey } from '../../../shared/property/address-key.ts';
import { normalizePostcode } from '../../../shared/property/postcode.ts';
import type { ServiceClient } from '../api/service-client-types.ts';
import { networkError, statusError } from '../api/status-error.ts';
import { serviceUrl } from '../api/urls.ts';
import { CoreError } from '../errors.ts';
import { parseJson } from '../http/json.ts';
import { lookUpServiceAddress } from './service-address.ts';

/**
 * Postcode search through the service itself (`GET {base}/world/GB/addresses?postcode=…`, a
 * hydra:Collection of PostalAddress with `label` and `catalog`), for environments without the
 * address provider's key. Its candidates carry the service's address key in their id, so that
 * choosing one asks the service, never the provider (and costs no provider credit).
 */
const collectionSchema = z.looseObject({ member: z.array(z.unknown()) });
const postalAddressSchema = z.looseObject({ '@id': z.string().max(2048), label: z.string().max(500) });

/** Candidate ids of addresses found through the service: this prefix and the address key. */
const idPrefix = 'service-address:';

export function serviceAddressKeyOf(candidateId: string): string | undefined {
  if (!candidateId.startsWith(idPrefix)) return undefined;
  const key = candidateId.slice(idPrefix.length);
  return parseAddressKey(key) === undefined ? undefined : key;
}

/** The address key at the end of a PostalAddress's @id, if it is one. */
function keyOfAddressIri(iri: string): string | undefined {
  const segment = iri.slice(iri.lastIndexOf('/') + 1);
  try {
    const key = decodeURIComponent(segment);
    return parseAddressKey(key) === undefined ? undefined : key;
  } catch {
    return undefined;
  }
}

function candidateOf(item: unknown, postcode: string): AddressCandidate | undefined {
  const parsed = postalAddressSchema.safeParse(item);
  if (!parsed.success) return undefined;
  const key = keyOfAddressIri(parsed.data['@id']);
  if (key === undefined) return undefined;
  const label = parsed.data.label.trim();
  return { id: `${idPrefix}${key}`, type: 'Address', text: label === '' ? key : label, description: postcode, isContainer: false, highlight: { text: [], description: [] } };
}

/** Every address of a postcode, as candidates; an entry that cannot be read is left out. */
export async function findByPostcode(service: ServiceClient, text: string, signal?: AbortSignal): Promise<AddressCandidate[]> {
  const postcode = normalizePostcode(text);
  const url = serviceUrl(service.baseUrl, '/world/GB/addresses');
  url.searchParams.set('postcode', postcode);
  const response = await service
    .send({ method: 'GET', url, headers: { accept: 'application/ld+json' }, ...(signal === undefined ? {} : { signal }) })
    .catch((error: unknown) => {
      if (error instanceof CoreError) throw error;
      throw networkError(error);
    });
  if (response.status === 404) return [];
  if (response.status !== 200) throw statusError(response.status, `the addresses of ${postcode}`);
  const parsed = collectionSchema.safeParse(parseJson(response.body));
  if (!parsed.success) throw new CoreError('protocol', `The service's list of addresses in ${postcode} is not a collection.`);
  return parsed.data.member.map((item) => candidateOf(item, postcode)).filter((candidate) => candidate !== undefined);
}

/** An address found through the service, as a Retrieve would give it: from its key, without the provider. */
export async function retrieveServiceAddress(service: ServiceClient, key: string, signal?: AbortSignal): Promise<AddressRetrieveResult> {
  const parts = parseAddressKey(key);
  if (parts === undefined) throw new CoreError('validation', 'That is not an address key.');
  const { serviceLabel, ...info } = await lookUpServiceAddress(service, key, signal);
  // The service's label is one line, its parts separated by commas: one line each, as the provider's Label.
  const lines = (serviceLabel ?? key).split(/,\s*|\r?\n/).filter((line) => line.trim() !== '');
  return {
    record: {},
    label: lines,
    udprn: parts.udprn,
    umrrn: parts.umrrn,
    unavailableReason: null,
    addressKey: key,
    keyPrecision: 'exact',
    ...info,
  };
}
