import { parseAddressKey } from '../../../shared/property/address-key.ts';
import { isReply } from '../auth/bearer.ts';
import { notFound, type Reply } from '../http/reply.ts';
import type { Variable } from '../catalog/catalog.ts';
import type { ValueSubject } from '../catalog/values.ts';
import type { ServiceState } from '../service-state.ts';
import type { SandboxAddress } from '../world/types.ts';
import { resolveTitle } from './title-param.ts';

/** The three kinds of catalog the service sells from, as its paths name them. */
export type SellerKind = 'title' | 'address' | 'spatial';

/**
 * What a catalog belongs to: a title, a postal address or an Ordnance Survey spatial address
 * (its UPRN). `key` names it in the purchase store (a title's number; `address:8e05p·0`,
 * `spatial:100023336956` for the others, which no title number can equal); `subject` makes its values.
 */
export interface Seller {
  readonly kind: SellerKind;
  readonly key: string;
  /** How a 422 names it: "Title WYK1", "Address 8e05p·0", "UPRN 100023336956". */
  readonly name: string;
  readonly offered: readonly Variable[];
  readonly subject: ValueSubject;
  /** Its title number, where service.min-wait may be honoured (test titles only). */
  readonly titleNumber?: string;
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function addressSeller(address: SandboxAddress, key: string, state: ServiceState): Seller {
  return { kind: 'address', key: `address:${key}`, name: `Address ${key}`, offered: state.catalog.forResource('address'), subject: { seed: state.seed, id: `address:${key}`, address } };
}

function spatialSeller(address: SandboxAddress, state: ServiceState): Seller {
  const id = `spatial:${address.uprn}`;
  return { kind: 'spatial', key: id, name: `UPRN ${address.uprn}`, offered: state.catalog.forResource('spatial'), subject: { seed: state.seed, id, address } };
}

/**
 * The seller a catalog path names. A malformed key is a 404 like an unknown one, as for titles:
 * the path names no resource either way.
 */
export function resolveSeller(kind: SellerKind, segment: string, state: ServiceState): Seller | Reply {
  if (kind === 'title') {
    const title = resolveTitle(segment, state);
    if (isReply(title)) return title;
    const address = state.titles.primaryAddress(title.titleNumber);
    const subject = { seed: state.seed, id: title.titleNumber, title, ...(address === undefined ? {} : { address }) };
    return { kind, key: title.titleNumber, name: `Title ${title.titleNumber}`, offered: state.catalog.forTenure(title.tenure), subject, titleNumber: title.titleNumber };
  }
  const key = decoded(segment);
  if (kind === 'address') {
    const parts = key === undefined ? undefined : parseAddressKey(key);
    const address = parts === undefined ? undefined : state.addresses.find(parts.udprn, parts.umrrn);
    return address === undefined || key === undefined ? notFound('No such postal address.') : addressSeller(address, key, state);
  }
  const address = key !== undefined && /^[1-9]\d{0,11}$/.test(key) ? state.addresses.withUprn(key) : undefined;
  return address === undefined ? notFound('No such spatial address.') : spatialSeller(address, state);
}

/** The seller a stored purchase was made from, by its key; undefined when it no longer exists. */
export function sellerOfKey(key: string, state: ServiceState): Seller | undefined {
  const colon = key.indexOf(':');
  const kind = colon < 0 ? 'title' : key.slice(0, colon);
  const rest = colon < 0 ? key : key.slice(colon + 1);
  if (kind !== 'title' && kind !== 'address' && kind !== 'spatial') return undefined;
  const seller = resolveSeller(kind, encodeURIComponent(rest), state);
  return isReply(seller) ? undefined : seller;
}
