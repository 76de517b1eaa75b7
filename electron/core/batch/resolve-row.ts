import { z } from 'zod';
import { formatAddressKey, parseAddressKey } from '../../../shared/property/address-key.ts';
import type { AddressCandidate, AddressTitle } from '../../../shared/property/address.ts';
import type { BatchFrom, BatchTenure } from '../../../shared/purchase/batch.ts';
import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import { isTitleNumber, normalizeTitleNumber } from '../../../shared/property/title-number.ts';
import type { EnvironmentSession } from '../env/environment-session.ts';
import { serviceUrl } from '../api/urls.ts';
import { lookUpServiceAddress } from '../address/service-address.ts';
import { CoreError } from '../errors.ts';
import { parseJson } from '../http/json.ts';
import { candidateLabel, exactAddressMatch, withoutCountry } from './address-match.ts';
import type { RecognisedColumns } from './csv-input.ts';

/** The titles of one input row, the address or UPRN it buys from instead, or why it cannot be bought. */
export type RowResolution =
  | { readonly kind: 'titles'; readonly titles: readonly { titleNumber: string; tenure: string | null }[] }
  | { readonly kind: 'resource'; readonly resource: CatalogResource & { readonly kind: 'address' | 'spatial' } }
  | { readonly kind: 'refused'; readonly reason: string };

/** What the batch buys from for each row, and which titles when it buys from titles. */
export interface RowTarget {
  readonly from: BatchFrom;
  readonly tenure: BatchTenure;
}

/** What an address already looked up says of itself (a Retrieve gives both), so it is not asked again. */
interface KnownAddress {
  readonly titles: readonly AddressTitle[];
  readonly uprn: string | null;
}

const refused = (reason: string): RowResolution => ({ kind: 'refused', reason });

/** Enough candidates to tell one from several; the count shown says "or more" at the limit. */
const findLimit = 10;

const postcodeCollectionSchema = z.object({ member: z.array(z.object({ '@id': z.string(), label: z.string() })) });

function cell(row: Readonly<Record<string, string>>, column: string | undefined): string {
  return column === undefined ? '' : (row[column] ?? '').trim();
}

function byTenure(titles: readonly AddressTitle[], tenure: BatchTenure): RowResolution {
  if (titles.length === 0) return refused('No title is registered at this address.');
  const kept = tenure === 'all' ? titles : titles.filter((title) => title.tenure.toLowerCase() === tenure);
  if (kept.length === 0) return refused(`No ${tenure} title is registered at this address.`);
  return { kind: 'titles', titles: kept.map((title) => ({ titleNumber: normalizeTitleNumber(title.titleNumber), tenure: title.tenure })) };
}

/**
 * An address found (by its key) as the line the batch buys: its titles, its own catalog (the key
 * is all it needs) or its UPRN's (looked up unless already known).
 */
async function atKey(session: EnvironmentSession, key: string, target: RowTarget, known?: KnownAddress): Promise<RowResolution> {
  if (target.from === 'address') return { kind: 'resource', resource: { kind: 'address', key } };
  let info: KnownAddress | undefined = known;
  if (info === undefined) {
    const found = await lookUpServiceAddress(session.client, key);
    if (found.service.status === 'not_found') return refused('Address not found on the service.');
    if (found.service.status === 'failed') return refused(`The address could not be looked up: ${found.service.message}`);
    info = found;
  }
  if (target.from === 'titles') return byTenure(info.titles, target.tenure);
  return info.uprn === null ? refused('The service gives this address no UPRN.') : { kind: 'resource', resource: { kind: 'spatial', key: info.uprn } };
}

function parseIdentifier(text: string): number | undefined {
  return /^[0-9]{1,15}$/.test(text) ? Number(text) : undefined;
}

function ambiguous(candidates: readonly AddressCandidate[]): RowResolution {
  const count = candidates.length >= findLimit ? `${String(findLimit)} or more` : String(candidates.length);
  const named = candidates.slice(0, 3).map(candidateLabel);
  const more = candidates.length > named.length ? `; and ${candidates.length >= findLimit ? 'more' : String(candidates.length - named.length)}` : '';
  return refused(`Ambiguous address: ${count} matches (${named.join('; ')}${more}); give a fuller address, a UDPRN or a title number.`);
}

async function resolveCandidate(session: EnvironmentSession, candidate: AddressCandidate, target: RowTarget): Promise<RowResolution> {
  const retrieved = await session.address.retrieve(candidate.id);
  if (retrieved.addressKey === null) return refused(retrieved.unavailableReason ?? 'The address provider gave no UDPRN.');
  if (retrieved.service.status === 'not_found') return refused('Address not found on the service.');
  return atKey(session, retrieved.addressKey, target, retrieved);
}

/**
 * Free text through the address provider: Find, drilling into a single container, then Retrieve
 * of the one address that matched. An address typed exactly as the app shows one is that one;
 * otherwise several matches are ambiguous and never guessed.
 */
async function resolveAddress(session: EnvironmentSession, typed: string, target: RowTarget): Promise<RowResolution> {
  const text = withoutCountry(typed).slice(0, 200);
  let { candidates } = await session.address.find(text, { limit: findLimit });
  for (let depth = 0; depth < 3; depth += 1) {
    const exact = exactAddressMatch(candidates, typed);
    if (exact !== undefined) return resolveCandidate(session, exact, target);
    const addresses = candidates.filter((candidate) => !candidate.isContainer);
    if (addresses.length > 1 || (addresses.length === 1 && candidates.length > 1)) return ambiguous(candidates);
    const only = candidates[0];
    if (only === undefined) return refused('Address not found.');
    if (!only.isContainer) return resolveCandidate(session, only, target);
    ({ candidates } = await session.address.find(text, { container: only.id, limit: findLimit }));
  }
  return refused('Ambiguous address: give a fuller address, a UDPRN or a title number.');
}

/** A label part equal to the building, or starting with it as a house number ("12 Mill Lane"). */
function labelMatches(label: string, building: string): boolean {
  const wanted = building.toLowerCase();
  return label
    .toLowerCase()
    .split(',')
    .map((part) => part.trim())
    .some((part) => part === wanted || part.startsWith(`${wanted} `));
}

async function resolvePostcode(session: EnvironmentSession, postcode: string, building: string, target: RowTarget): Promise<RowResolution> {
  const url = serviceUrl(session.client.baseUrl, '/world/GB/addresses');
  url.searchParams.set('postcode', postcode);
  const response = await session.client.send({ method: 'GET', url, headers: { accept: 'application/ld+json' } });
  if (response.status === 400) return refused(`"${postcode.slice(0, 20)}" is not a postcode.`);
  if (response.status !== 200) return refused(`The postcode could not be looked up (HTTP ${String(response.status)}).`);
  const parsed = postcodeCollectionSchema.safeParse(parseJson(response.body));
  if (!parsed.success) throw new CoreError('protocol', 'The service sent an address list the interface does not allow.');
  const matches = parsed.data.member.filter((member) => labelMatches(member.label, building));
  if (matches.length === 0) return refused('Address not found.');
  if (matches.length > 1) return refused(`Ambiguous address: ${String(matches.length)} addresses in ${postcode} match "${building}".`);
  const segment = matches[0]?.['@id'].split('/').pop() ?? '';
  const key = parseAddressKey(decodeURIComponent(segment));
  if (key === undefined) throw new CoreError('protocol', 'The service sent an address without a usable key.');
  return atKey(session, formatAddressKey(key.udprn, key.umrrn), target);
}

/**
 * One row of the file: a title number as written (whatever the batch buys from: it names no
 * address), or an address resolved to its titles, its own catalog or its UPRN's.
 */
export async function resolveRow(
  session: EnvironmentSession,
  row: Readonly<Record<string, string>>,
  columns: RecognisedColumns,
  target: RowTarget,
): Promise<RowResolution> {
  const title = cell(row, columns.titleNumber);
  if (title !== '') {
    const normalized = normalizeTitleNumber(title);
    return isTitleNumber(normalized) ? { kind: 'titles', titles: [{ titleNumber: normalized, tenure: null }] } : refused(`Bad title number "${title.slice(0, 30)}".`);
  }
  const udprnText = cell(row, columns.udprn);
  if (udprnText !== '') {
    const udprn = parseIdentifier(udprnText);
    const umrrnText = cell(row, columns.umrrn);
    const umrrn = umrrnText === '' ? 0 : parseIdentifier(umrrnText);
    if (udprn === undefined || umrrn === undefined) return refused('Bad UDPRN or UMRRN: digits only.');
    return atKey(session, formatAddressKey(udprn, umrrn), target);
  }
  const address = cell(row, columns.address);
  if (address !== '') return resolveAddress(session, address, target);
  const postcode = cell(row, columns.postcode);
  const building = cell(row, columns.building);
  if (postcode !== '' && building !== '') return resolvePostcode(session, postcode, building, target);
  return refused('Nothing to buy: the row has no title number, UDPRN, address or postcode and building.');
}
