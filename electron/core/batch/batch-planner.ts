import type { BatchFrom, BatchItem, BatchTenure } from '../../../shared/purchase/batch.ts';
import type { CatalogVariable } from '../../../shared/catalog/catalog.ts';
import { describeResource, resourceId, type CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import type { ErrorCode } from '../../../shared/errors/errors.ts';
import { variableIdentity } from '../../../shared/catalog/iri.ts';
import type { Money } from '../../../shared/purchase/purchase.ts';
import type { EnvironmentSession } from '../env/environment-session.ts';
import { CoreError } from '../errors.ts';
import type { SpendingBook } from '../stores/spending-book.ts';
import { sumMoney } from '../spending/money.ts';
import { findHeldValues } from '../spending/reuse.ts';
import type { BatchInput } from './csv-input.ts';
import { mapLimit } from './map-limit.ts';
import { resolveRow, type RowResolution } from './resolve-row.ts';

export interface PlanOptions {
  readonly variables: readonly string[];
  readonly tenure: BatchTenure;
  /** Which catalog each address row buys from; absent: its titles'. */
  readonly from?: BatchFrom;
  readonly reuseDays: number;
  readonly now: number;
  /** Lookups (address, catalog) in flight at once. */
  readonly lookups?: number;
}

/**
 * Failures that are about the environment, not the row: the whole preview stops with them. The
 * address provider's account errors are among them: every row would meet the same refusal.
 */
const environmentCodes = new Set<ErrorCode>([
  'credentials_missing', 'invalid_grant', 'invalid_client', 'unauthorized', 'auth_unavailable',
  'provider_unknown_key', 'provider_key_expired', 'provider_out_of_credit', 'provider_limit_reached',
  'provider_surge_protection', 'provider_origin_refused', 'provider_service_refused',
]);

function blankItem(index: number, row: number, input: Record<string, string>): BatchItem {
  return {
    index, row, input, titleNumber: null, tenure: null, state: 'refused', reason: null, toBuy: [], cost: [], reused: {},
    purchaseLocalId: null, purchaseId: null, total: [], values: {},
  };
}

/** The catalog a line buys from: its resource when it names one (address, UPRN), else its title. */
export function itemResource(item: Pick<BatchItem, 'titleNumber' | 'resource'>): CatalogResource {
  return item.resource ?? { kind: 'title', key: item.titleNumber ?? '' };
}

async function resolveSafely(task: () => Promise<RowResolution>): Promise<RowResolution> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof CoreError && !environmentCodes.has(error.code)) return { kind: 'refused', reason: error.message };
    throw error;
  }
}

/**
 * One line per title of each row (or one for the address or UPRN it buys from), and a refused
 * line for a row without one; later copies of a resource are duplicates.
 */
function expand(input: BatchInput, resolutions: readonly RowResolution[]): BatchItem[] {
  const items: BatchItem[] = [];
  const firstRowOf = new Map<string, number>();
  resolutions.forEach((resolution, rowIndex) => {
    const row = rowIndex + 1;
    const source = input.rows[rowIndex] ?? {};
    if (resolution.kind === 'refused') {
      items.push({ ...blankItem(items.length, row, source), reason: resolution.reason });
      return;
    }
    const lines = resolution.kind === 'resource'
      ? [{ ...blankItem(items.length, row, source), resource: resolution.resource }]
      : resolution.titles.map((title, offset) => ({ ...blankItem(items.length + offset, row, source), titleNumber: title.titleNumber, tenure: title.tenure }));
    for (const item of lines) {
      const resource = itemResource(item);
      const first = firstRowOf.get(resourceId(resource));
      if (first === undefined) firstRowOf.set(resourceId(resource), row);
      items.push(first === undefined ? { ...item, state: 'queued' } : { ...item, reason: `Duplicate: ${describeResource(resource)} is already in row ${String(first)}.` });
    }
  });
  return items;
}

const capitalised = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** A catalog's variables by identity (variableIdentity): chosen variables match either shape of identifier. */
type Offer = { ok: true; variables: Map<string, { iri: string; price: Money }> } | { ok: false; reason: string };

async function catalogOffer(session: EnvironmentSession, resource: CatalogResource): Promise<Offer> {
  try {
    const catalog = await session.catalog.catalogOf(resource);
    const variables: CatalogVariable[] = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables));
    return { ok: true, variables: new Map(variables.map((variable) => [variableIdentity(variable.iri), { iri: variable.iri, price: variable.price }])) };
  } catch (error) {
    if (error instanceof CoreError && error.code === 'not_found') return { ok: false, reason: `${capitalised(describeResource(resource))} was not found on the service.` };
    if (error instanceof CoreError && !environmentCodes.has(error.code)) return { ok: false, reason: error.message };
    throw error;
  }
}

const kindWord = (item: BatchItem): string => ({ title: 'title', address: 'address', spatial: 'UPRN' })[itemResource(item).kind];

function price(item: BatchItem, offer: Offer, ledger: SpendingBook, environmentId: string, options: PlanOptions): BatchItem {
  if (!offer.ok) return { ...item, state: 'refused', reason: offer.reason };
  // Bought by the catalog's own identifier, whichever form the chosen variable was written in.
  const offered = [...new Set(options.variables.flatMap((variable) => {
    const found = offer.variables.get(variableIdentity(variable));
    return found === undefined ? [] : [found.iri];
  }))];
  if (offered.length === 0) return { ...item, state: 'refused', reason: `None of the chosen variables is offered for this ${kindWord(item)}.` };
  const held = findHeldValues(ledger, environmentId, itemResource(item), offered, options.reuseDays, options.now);
  const toBuy = offered.filter((variable) => !held.has(variable));
  const missing = options.variables.length - offered.length;
  const reason = missing === 0 ? null : `${String(missing)} of the chosen variables not offered for this ${kindWord(item)}.`;
  const reused = Object.fromEntries(held);
  const values = Object.fromEntries([...held].map(([variable, value]) => [variable, value.value]));
  const reusedTotal = sumMoney([...held.values()].map((value) => value.price));
  const cost = sumMoney(toBuy.flatMap((variable) => {
    const money = offer.variables.get(variableIdentity(variable))?.price;
    return money === undefined ? [] : [money];
  }));
  return { ...item, state: toBuy.length === 0 ? 'reused' : 'queued', reason, toBuy, cost, reused, values, total: reusedTotal };
}

/**
 * The preview: every row resolved to titles, or to its address's or UPRN's catalog (or a reason), each priced from its catalog,
 * and what the journal already holds set aside for reuse. Nothing is bought here.
 */
export async function planBatch(session: EnvironmentSession, ledger: SpendingBook, input: BatchInput, options: PlanOptions): Promise<BatchItem[]> {
  const lookups = options.lookups ?? 8;
  const target = { from: options.from ?? 'titles', tenure: options.tenure };
  const resolutions = await mapLimit(input.rows, lookups, (row) => resolveSafely(() => resolveRow(session, row, input.recognised, target)));
  const items = expand(input, resolutions);
  const queued = new Map(items.filter((item) => item.state === 'queued').map((item) => [resourceId(itemResource(item)), itemResource(item)]));
  const resources = [...queued.values()];
  const offers = await mapLimit(resources, lookups, (resource) => catalogOffer(session, resource));
  const offerOf = new Map(resources.map((resource, index) => [resourceId(resource), offers[index]]));
  const environmentId = session.environment.id;
  return items.map((item) => {
    const offer = item.state === 'queued' ? offerOf.get(resourceId(itemResource(item))) : undefined;
    return offer === undefined ? item : price(item, offer, ledger, environmentId, options);
  });
}
