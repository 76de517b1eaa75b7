import type { SandboxBehaviour } from '../../shared/environment/sandbox-behaviour.ts';
import type { SandboxCredentials } from './auth/credentials.ts';
import type { RefreshFamilies } from './auth/refresh-families.ts';
import type { TokenStore } from './auth/token-store.ts';
import type { VariableCatalog } from './catalog/catalog.ts';
import type { PurchaseStore } from './purchases/purchase-store.ts';
import type { TitleIndex } from './titles.ts';
import type { AddressIndex } from './addresses/address-index.ts';
import type { SandboxWorld } from './world/types.ts';
import { contextPath } from './context.ts';

export type SecondsRange = readonly [number, number];

/** Timing of fulfilment, drawn per purchase from the seed and its sequence number (advice-plan.ts). */
export interface Pacing {
  readonly retryAfterSeconds: SecondsRange;
  readonly maxAgeSeconds: SecondsRange;
  /** Overrides every dataset's own fulfilment time when set. */
  readonly readySeconds?: SecondsRange;
}

/** Everything the service's handlers share. */
export interface ServiceState {
  readonly baseUrl: string;
  readonly contextUrl: string;
  readonly seed: number;
  readonly world: SandboxWorld;
  readonly titles: TitleIndex;
  readonly addresses: AddressIndex;
  readonly testTitles: ReadonlySet<string>;
  readonly catalog: VariableCatalog;
  readonly tokens: TokenStore;
  readonly credentials: SandboxCredentials;
  readonly refreshTokens: RefreshFamilies;
  /** Changed while running by the control API and the app's sandbox switches; read at each request. */
  readonly behaviour: SandboxBehaviour;
  readonly purchases: PurchaseStore;
  readonly pacing: Pacing;
}

export function contextUrlOf(baseUrl: string): string {
  return `${baseUrl}${contextPath()}`;
}

export function catalogUrl(baseUrl: string, titleNumber: string): string {
  return `${baseUrl}/world/GB-eaw/titles/${encodeURIComponent(titleNumber)}/catalog`;
}

/** A postal address's catalog, by its property address key (`8e05p·0`, its dot percent-encoded). */
export function addressCatalogUrl(baseUrl: string, addressKey: string): string {
  return `${baseUrl}/world/GB/addresses/${encodeURIComponent(addressKey)}/catalog`;
}

/** A spatial address's catalog, by its UPRN. */
export function spatialCatalogUrl(baseUrl: string, uprn: string): string {
  return `${baseUrl}/world/GB/spatial/addresses/${uprn}/catalog`;
}

/** The catalog URL of a seller (purchases/seller.ts), from its kind and key. */
export function catalogUrlOf(baseUrl: string, seller: { readonly kind: 'title' | 'address' | 'spatial'; readonly key: string }): string {
  const key = seller.key.slice(seller.key.indexOf(':') + 1);
  if (seller.kind === 'address') return addressCatalogUrl(baseUrl, key);
  return seller.kind === 'spatial' ? spatialCatalogUrl(baseUrl, key) : catalogUrl(baseUrl, seller.key);
}
