import { describeResource, resourceOfPurchase } from '../../../shared/catalog/catalog-resource.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { CoreError } from '../errors.ts';
import type { SendAdmission, SendGate } from '../stores/send-gate.ts';
import type { TeamBeginInput, TeamStore } from '../team/team-store.ts';
import type { TeamBeginResult, TeamPurchase } from '../team/team-rows.ts';
import { isLoginRefused } from './team-away.ts';
import { groupedBegins, type GroupedBegin } from './team-begin-group.ts';
import { priceLines, type CatalogOf } from './team-prices.ts';
import { heldWords, teamBudgetError } from './team-words.ts';

export interface TeamAdmissionOptions {
  /** The open store; undefined while the database has not been reached. */
  readonly store: () => TeamStore | undefined;
  /** The refusal while the database cannot be used, in the words of why (team-words.ts awayError). */
  readonly refusal: (cause?: unknown) => CoreError;
  readonly catalogOf: CatalogOf;
  /** The team's name for a local environment: its service's base URL, the same on every desk. */
  readonly teamEnvironmentOf: (environmentId: string) => string;
  /** Another desk's purchase copied into the local journal now; its local id. */
  readonly copy: (row: TeamPurchase) => Promise<string | undefined>;
  readonly get: (id: string) => PurchaseRecord | undefined;
  readonly reached: (ok: boolean, error?: unknown) => void;
  readonly log: (message: string) => void;
}

const ended = new Set(['available', 'failed', 'cancelled']);

/**
 * The team's begin before any POST: the purchase's variables are claimed and its cost taken from
 * the team's budget in one call of the database, or nothing is sent. Variables another purchase
 * holds are not bought here; that purchase is reused (docs/decisions/020-team-begin-before-send.md).
 * The begins of one scheduler turn go together, in calls of up to 50 (team-begin-group.ts).
 */
export function teamSendGate(options: TeamAdmissionOptions): SendGate {
  const grouped = groupedBegins();
  return async (intent) => {
    const store = options.store();
    if (store === undefined) throw options.refusal();
    const resource = resourceOfPurchase(intent);
    // Nothing to claim: the submitter refuses a purchase that names no catalog.
    if (resource === undefined) return { send: true };
    const priced = await priceLines(options.catalogOf, intent.environmentId, resource, intent.variables);
    const input: TeamBeginInput = {
      environment: options.teamEnvironmentOf(intent.environmentId),
      localId: intent.id,
      resourceKind: resource.kind,
      resource: resource.key,
      lines: priced.lines,
      currency: priced.currency,
    };
    const result = await begin(store, input, grouped, options);
    return decide(store, result, intent, describeResource(resource), options);
  };
}

async function begin(store: TeamStore, input: TeamBeginInput, grouped: GroupedBegin, options: TeamAdmissionOptions): Promise<TeamBeginResult> {
  try {
    const result = await grouped(store, input);
    options.reached(true);
    return result;
  } catch (error) {
    // The login refused (a password changed, a desk made inactive): away too, in those words.
    if (isLoginRefused(error)) {
      options.reached(false, error);
      throw options.refusal(error);
    }
    if (!(error instanceof CoreError) || (error.code !== 'network' && error.code !== 'outcome_unknown')) throw error;
    if (error.code === 'outcome_unknown') {
      // Cut off mid-call: the local id says whether it began. If that cannot be asked either, it is
      // not sent; a begin that did commit is given back at this desk's next start.
      const found = await store.purchaseByLocalId(input.localId).catch(() => undefined);
      if (found !== undefined) {
        options.reached(true);
        return { outcome: 'existing', purchase: { purchaseId: found.id, state: found.state, cost: found.cost, currency: found.currency, variables: found.variables, seq: found.seq }, held: [] };
      }
    }
    options.reached(false, error);
    throw options.refusal(error);
  }
}

async function decide(store: TeamStore, result: TeamBeginResult, intent: PurchaseRecord, what: string, options: TeamAdmissionOptions): Promise<SendAdmission> {
  switch (result.outcome) {
    case 'budget_refused':
      throw teamBudgetError(result.refusal);
    case 'all_held': {
      const first = result.held[0];
      const instead = first === undefined ? undefined : await localCopy(store, first.purchaseId, options);
      const message = `Not sent: every variable of ${what} asked for here is ${heldWords(result.held)}${first === undefined ? '' : ` (team purchase ${first.purchaseId})`}; it is reused from there.`;
      return { send: false, error: { code: 'cancelled', message }, instead };
    }
    case 'begun':
    case 'existing': {
      const { purchase } = result;
      if (result.outcome === 'existing' && ended.has(purchase.state)) {
        throw new CoreError('validation', `This purchase ended ${purchase.state} in the team database (its claim was given back), so it is not sent again: buy it again, and the team's budget and reuse are checked anew. Nothing was sent.`);
      }
      if (result.held.length > 0) options.log(`Purchase ${intent.id} of ${what}: ${heldWords(result.held)}, so only the other ${String(purchase.variables.length)} are bought here.`);
      return { send: true, team: { purchaseId: purchase.purchaseId, desk: store.desk.name }, variables: purchase.variables };
    }
  }
}

/** The holding purchase as this desk's journal has it, copied here first when it is another desk's. */
async function localCopy(store: TeamStore, purchaseId: string, options: TeamAdmissionOptions): Promise<PurchaseRecord | undefined> {
  const row = await store.purchase(purchaseId).catch(() => undefined);
  if (row === undefined) return undefined;
  const localId = row.deskId === store.desk.id ? row.localId : await options.copy(row);
  return localId === undefined ? undefined : options.get(localId);
}
