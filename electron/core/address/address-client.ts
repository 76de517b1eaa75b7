import type { Dispatcher } from 'undici';
import type { AddressFindResult, AddressRetrieveResult } from '../../../shared/property/address.ts';
import { formatAddressKey } from '../../../shared/property/address-key.ts';
import type { Environment } from '../../../shared/environment/environment.ts';
import { freeTextNeedsProviderKey, isWholePostcode, postcodeOnlyNote } from '../../../shared/property/postcode.ts';
import type { ApiResponse } from '../http/exchange-types.ts';
import type { ServiceClient } from '../api/service-client-types.ts';
import { networkError } from '../api/status-error.ts';
import { CoreError } from '../errors.ts';
import { sendHttp } from '../http/send-http.ts';
import { registerLiveSecret } from '../live-secrets.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { redactedResponse } from '../api/redacted-response.ts';
import { parseFindItems, parseIdentifier, parseRetrieveRecord, providerItems } from './provider-wire.ts';
import { lookUpServiceAddress } from './service-address.ts';
import { findByPostcode, retrieveServiceAddress, serviceAddressKeyOf } from './service-postcode.ts';

export interface AddressClientOptions {
  readonly environment: Environment;
  readonly secrets: SecretStore;
  readonly dispatcher: Dispatcher;
  /** The environment's API client, for the service's addresses endpoint. */
  readonly service: ServiceClient;
}

export interface FindOptions {
  readonly container?: string;
  readonly limit?: number;
  /** Aborting rejects with CoreError('cancelled'); the UI drops such results silently. */
  readonly signal?: AbortSignal;
}

const noUmrrnReason =
  'The address provider gave no UMRRN: the provider account may lack the multi-residency option. ' +
  'The address key assumes UMRRN 0, the delivery point.';

/**
 * The address provider (Loqate Capture compatible) of one environment, and the step from a
 * provider record to the service's address. Find is free; Retrieve costs credit.
 */
export class AddressClient {
  readonly #environment: Environment;
  readonly #secrets: SecretStore;
  readonly #dispatcher: Dispatcher;
  readonly #service: ServiceClient;

  constructor(options: AddressClientOptions) {
    this.#environment = options.environment;
    this.#secrets = options.secrets;
    this.#dispatcher = options.dispatcher;
    this.#service = options.service;
  }

  async find(text: string, options: FindOptions = {}): Promise<AddressFindResult> {
    // Without the provider, a whole postcode is still found, through the service's own search.
    if (options.container === undefined && !(await this.#hasProvider())) {
      if (!isWholePostcode(text)) throw new CoreError('credentials_missing', `${this.#missingProvider()} ${freeTextNeedsProviderKey}`);
      return { candidates: await findByPostcode(this.#service, text, options.signal), note: postcodeOnlyNote };
    }
    const params: Record<string, string> = { Text: text, Countries: 'GB', Limit: String(options.limit ?? 10) };
    if (options.container !== undefined) params.Container = options.container;
    const response = await this.#call(this.#environment.findUrl, params, options.signal);
    return { candidates: parseFindItems(response.body) };
  }

  async retrieve(id: string, options: { signal?: AbortSignal } = {}): Promise<AddressRetrieveResult> {
    const serviceKey = serviceAddressKeyOf(id);
    if (serviceKey !== undefined) return retrieveServiceAddress(this.#service, serviceKey, options.signal);
    const params = { ID: id, Field1Format: '{UDPRN}', Field2Format: '{UMRRN}' };
    const response = await this.#call(this.#environment.retrieveUrl, params, options.signal);
    const record = parseRetrieveRecord(response.body);
    const udprn = parseIdentifier(record.Field1);
    const umrrn = parseIdentifier(record.Field2);
    const label = (record.Label ?? '').split(/\r?\n/).filter((line) => line.trim() !== '');
    const base = { record, label, udprn, umrrn };
    if (udprn === null) {
      const reason = 'The address provider gave no UDPRN, so the service cannot be asked about this address.';
      return { ...base, unavailableReason: reason, addressKey: null, keyPrecision: null, uprn: null, titles: [], service: { status: 'skipped', reason } };
    }
    const addressKey = formatAddressKey(udprn, umrrn ?? 0);
    const info = await lookUpServiceAddress(this.#service, addressKey, options.signal);
    return {
      ...base,
      unavailableReason: umrrn === null ? noUmrrnReason : null,
      addressKey,
      keyPrecision: umrrn === null ? 'delivery-point' : 'exact',
      uprn: info.uprn,
      titles: info.titles,
      service: info.service,
    };
  }

  #missingProvider(): string {
    return this.#environment.findUrl === undefined
      ? `No address provider is configured for ${this.#environment.name}.`
      : `No address provider key is set for ${this.#environment.name}.`;
  }

  /** Whether this environment has an address provider with a key to call it with. */
  async #hasProvider(): Promise<boolean> {
    if (this.#environment.findUrl === undefined) return false;
    return (await this.#secrets.get(this.#environment.id, 'providerKey')) !== undefined;
  }

  /**
   * One provider request with the environment's key. The key is registered as live and the answer
   * comes back without it, so neither an error nor an address shown or stored can carry it.
   */
  async #call(endpoint: string | undefined, params: Record<string, string>, signal?: AbortSignal): Promise<ApiResponse> {
    if (endpoint === undefined) {
      throw new CoreError('credentials_missing', `No address provider is configured for ${this.#environment.name}.`);
    }
    const key = await this.#secrets.get(this.#environment.id, 'providerKey');
    if (key === undefined) {
      throw new CoreError('credentials_missing', `No address provider key is set for ${this.#environment.name}.`);
    }
    registerLiveSecret(key);
    const url = new URL(endpoint);
    url.searchParams.set('Key', key);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const response = redactedResponse(await sendHttp(this.#dispatcher, {
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
      timeoutMs: 15_000,
      ...(signal === undefined ? {} : { signal }),
    }).catch((error: unknown) => {
      throw networkError(error);
    }));
    if (response.status !== 200) {
      // Some gateways send the provider's error item with an HTTP error status: prefer its wording.
      try {
        providerItems(response.body);
      } catch (error) {
        if (error instanceof CoreError && error.provider !== undefined) throw error;
      }
      throw new CoreError('provider_error', `The address provider answered ${response.status}.`, { status: response.status });
    }
    return response;
  }
}
