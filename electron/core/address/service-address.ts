import { z } from 'zod';
import type { AddressTitle, ServiceAddressLookup } from '../../../shared/property/address.ts';
import type { ServiceClient } from '../api/service-client-types.ts';
import { statusError } from '../api/status-error.ts';
import { serviceUrl } from '../api/urls.ts';
import { CoreError } from '../errors.ts';
import { parseJson } from '../http/json.ts';

const postalAddressSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('PostalAddress'),
  label: z.string().max(500).optional(),
  uprn: z.union([z.string(), z.number()]).transform(String).optional(),
  titles: z.array(z.object({ titleNumber: z.string(), tenure: z.string() })).optional(),
});

export interface ServiceAddressInfo {
  /** The service's own label of the address, when it gives one. */
  readonly serviceLabel?: string;
  readonly uprn: string | null;
  readonly titles: AddressTitle[];
  readonly service: ServiceAddressLookup;
}

/**
 * The service's view of an address key: its UPRN and titles. A failure here is reported, not
 * thrown, since the Retrieve that came before it cost credit and its record is still worth showing.
 * Only cancellation is thrown, so a stale lookup never reaches the UI.
 */
export async function lookUpServiceAddress(service: ServiceClient, key: string, signal?: AbortSignal): Promise<ServiceAddressInfo> {
  const url = serviceUrl(service.baseUrl, `/world/GB/addresses/${encodeURIComponent(key)}`);
  try {
    const response = await service.send({
      method: 'GET',
      url,
      headers: { accept: 'application/ld+json' },
      ...(signal === undefined ? {} : { signal }),
    });
    if (response.status === 404) return { uprn: null, titles: [], service: { status: 'not_found' } };
    if (response.status !== 200) throw statusError(response.status, 'the address');
    const parsed = postalAddressSchema.safeParse(parseJson(response.body));
    if (!parsed.success) throw new CoreError('protocol', 'The service sent an address the interface does not allow.');
    return {
      ...(parsed.data.label === undefined ? {} : { serviceLabel: parsed.data.label }),
      uprn: parsed.data.uprn ?? null,
      titles: (parsed.data.titles ?? []).map((title) => ({ titleNumber: title.titleNumber, tenure: title.tenure })),
      service: { status: 'found', addressIri: parsed.data['@id'] },
    };
  } catch (error) {
    if (error instanceof CoreError && error.code === 'cancelled') throw error;
    const code = error instanceof CoreError ? error.code : 'network';
    const message = error instanceof Error ? error.message : 'The address lookup failed.';
    return { uprn: null, titles: [], service: { status: 'failed', code, message } };
  }
}
