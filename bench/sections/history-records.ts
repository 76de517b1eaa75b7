import { randomUUID } from 'node:crypto';
import type { Exchange, PurchaseRecord, PurchaseState, ResultItem } from '../../shared/purchase/purchase.ts';
import { VariableCatalog, type Variable } from '../../electron/sandbox/catalog/catalog.ts';

const baseUrl = 'http://127.0.0.1:47100';
const catalog = new VariableCatalog(baseUrl);
const yearMs = 365 * 24 * 3600 * 1000;

/** How a year of use might look: mostly bought, some failed, cancelled or still pending. */
const stateMix: readonly [PurchaseState, number][] = [['available', 0.85], ['failed', 0.06], ['pending', 0.04], ['cancelled', 0.03], ['outcome_unknown', 0.02]];

function pickState(random: () => number): PurchaseState {
  let draw = random();
  for (const [state, share] of stateMix) {
    if (draw < share) return state;
    draw -= share;
  }
  return 'available';
}

function pickVariables(random: () => number): Variable[] {
  // A title's purchases: what titles sell (address and UPRN catalogs sell some things titles do not).
  const all = catalog.forTitles();
  const count = 1 + Math.floor(random() * 4);
  const chosen = new Set<Variable>();
  while (chosen.size < count) {
    const variable = all[Math.floor(random() * all.length)];
    if (variable !== undefined) chosen.add(variable);
  }
  return [...chosen];
}

function itemOf(variable: Variable, random: () => number): ResultItem {
  const { dataset, row } = variable;
  return {
    variable: variable.iri,
    provider: dataset.provider,
    source: dataset.source,
    schemePath: [row.scheme, row.taxonomy, row.classification],
    name: row.name,
    ontologyType: variable.ontologyType,
    value: String(Math.floor(random() * 1_000_000)),
    price: { value: variable.price, currency: 'GBP' },
  };
}

/** A POST answered 303, some 202s, then the 200: the timeline a followed purchase leaves. */
function timelineOf(createdAt: number, purchasePath: string, titleNumber: string, random: () => number): Exchange[] {
  let at = createdAt + 5;
  const timeline: Exchange[] = [{ method: 'POST', path: `/world/GB-eaw/titles/${titleNumber}/catalog`, status: 303, advisedWaitSeconds: 2, at, receivedAt: at + 40 }];
  const pending = Math.floor(random() * 8);
  for (let index = 0; index <= pending; index += 1) {
    at += 2040;
    const last = index === pending;
    timeline.push({ method: 'GET', path: purchasePath, status: last ? 200 : 202, ...(last ? {} : { advisedWaitSeconds: 2 }), at, receivedAt: at + 30 });
  }
  return timeline;
}

/** One purchase as the service journals it: the intent before the POST, then where it ended. */
export function fakeRecord(random: () => number, titles: readonly string[], id: string): { intent: PurchaseRecord; final: PurchaseRecord; resultBody?: string } {
  const titleNumber = titles[Math.floor(random() * titles.length)] ?? 'DN123456';
  const variables = pickVariables(random);
  const createdAt = Date.now() - Math.floor(random() * yearMs);
  const intent: PurchaseRecord = {
    id,
    environmentId: 'sandbox',
    titleNumber,
    variables: variables.map((variable) => variable.iri),
    options: {},
    state: 'submitting',
    autoCheck: true,
    createdAt,
    updatedAt: createdAt,
    timeline: [],
  };
  const state = pickState(random);
  const purchaseId = randomUUID();
  const purchasePath = `/purchases/${purchaseId}`;
  const timeline = timelineOf(createdAt, purchasePath, titleNumber, random);
  const final: PurchaseRecord = {
    ...intent,
    state,
    purchaseId,
    resultUrl: `${baseUrl}${purchasePath}`,
    autoCheck: state === 'pending',
    updatedAt: timeline.at(-1)?.receivedAt ?? createdAt,
    timeline: state === 'available' ? timeline : timeline.slice(0, -1),
    ...(state === 'failed' ? { error: { code: 'gateway_timeout', message: 'The service timed out fulfilling the purchase (HTTP 504).' } } : {}),
  };
  if (state !== 'available') return { intent, final };
  const items = variables.map((variable) => itemOf(variable, random));
  const total = items.reduce((sum, item) => sum + item.price.value, 0);
  const member = items.map((item) => ({ '@type': item.ontologyType, price: item.price, variable: { '@type': 'Variable', '@id': item.variable }, value: item.value }));
  const resultBody = JSON.stringify({ '@context': `${baseUrl}/.hydra/context.jsonld`, '@type': 'hydra:Collection', manages: { property: 'rdf:type', object: 'Datum' }, member, totalItems: member.length });
  return { intent, final: { ...final, items, totals: [{ value: total, currency: 'GBP' }] }, resultBody };
}
