import { requestFunctions, type Invoke } from '../../../../renderer/bridge/api-from-invoke.ts';
import type { TitleDeskApi } from '../../../../shared/contract/api.ts';
import type { RequestChannel, RequestOf, ResponseOf } from '../../../../shared/contract/channels.ts';
import type { Result } from '../../../../shared/contract/result.ts';
import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import type { TitleCatalog } from '../../../../shared/catalog/catalog.ts';

/**
 * A TitleDeskApi for the workflow components: each test answers the channels it uses (with a
 * value or a whole Result, possibly later), and every call is kept for checking.
 */
export type Answer<C extends RequestChannel> = (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>> | Result<ResponseOf<C>>;
export type Answers = { [C in RequestChannel]?: Answer<C> };

export interface FeatureApi {
  readonly api: TitleDeskApi;
  readonly calls: { channel: RequestChannel; request: unknown }[];
  callsTo(channel: RequestChannel): unknown[];
}

export function createFeatureApi(answers: Answers): FeatureApi {
  const calls: { channel: RequestChannel; request: unknown }[] = [];
  const invoke: Invoke = async <C extends RequestChannel>(channel: C, request: RequestOf<C>) => {
    calls.push({ channel, request });
    const table: Answers = answers;
    const answer: Answer<C> | undefined = table[channel];
    if (answer === undefined) return { ok: false, error: { code: 'internal', message: `${channel} is not answered in this test.` } };
    return answer(request);
  };
  return {
    api: { ...requestFunctions(invoke), on: () => () => undefined },
    calls,
    callsTo: (channel) => calls.filter((call) => call.channel === channel).map((call) => call.request),
  };
}

export function ok<T>(data: T): Result<T> {
  return { ok: true, data };
}

const base = 'http://127.0.0.1:4010';

function variable(provider: string, source: string, schemePath: string[], name: string, price: number) {
  return {
    iri: `${base}/vars/${provider}/${source}#${[...schemePath, name].join('/')}`,
    provider,
    source,
    schemePath,
    name,
    ontologyType: `${base}/ontologies/${schemePath[0] ?? ''}/${schemePath[1] ?? ''}#${[...schemePath.slice(2), name].join('/')}`,
    price: { value: price, currency: 'GBP' },
  };
}

/** A small catalog shaped like the sandbox's: two sources, nested scheme paths, GBP prices. */
export const catalog: TitleCatalog = {
  titleNumber: 'WYK638009',
  variableCount: 6,
  groups: [
    {
      provider: 'WhenFresh',
      source: 'Property Insurance',
      schemes: [
        { schemePath: ['Dwelling', 'Rooms', 'Bathrooms'], variables: [variable('WhenFresh', 'Property Insurance', ['Dwelling', 'Rooms', 'Bathrooms'], 'Bathroom Count (1⋯5+)', 0.5)] },
        { schemePath: ['Dwelling', 'Rooms', 'Bedrooms'], variables: [variable('WhenFresh', 'Property Insurance', ['Dwelling', 'Rooms', 'Bedrooms'], 'Bedroom Count (1⋯6+)', 0.5)] },
        { schemePath: ['Risk', 'Peril', 'Flood'], variables: [variable('WhenFresh', 'Property Insurance', ['Risk', 'Peril', 'Flood'], 'River and Sea Flood Risk Band', 1.5)] },
      ],
    },
    {
      provider: 'Zoopla',
      source: 'Property Data',
      schemes: [
        {
          schemePath: ['Market', 'Valuation', 'Sale'],
          variables: [
            variable('Zoopla', 'Property Data', ['Market', 'Valuation', 'Sale'], 'Estimated Sale Value (£)', 3),
            variable('Zoopla', 'Property Data', ['Market', 'Valuation', 'Sale'], 'Estimate Confidence', 0.5),
          ],
        },
        { schemePath: ['Market', 'Valuation', 'Rent'], variables: [variable('Zoopla', 'Property Data', ['Market', 'Valuation', 'Rent'], 'Estimated Monthly Rent (£)', 2)] },
      ],
    },
  ],
};

export function purchase(overrides: Partial<PurchaseRecord>): PurchaseRecord {
  return {
    id: '6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab',
    environmentId: 'sandbox',
    titleNumber: 'WYK638009',
    variables: [`${base}/vars/Zoopla/Property Data#Market/Valuation/Sale/Estimated Sale Value (£)`],
    options: {},
    state: 'pending',
    autoCheck: true,
    createdAt: Date.UTC(2025, 0, 6, 9, 0, 0),
    updatedAt: Date.UTC(2025, 0, 6, 9, 0, 0),
    timeline: [],
    ...overrides,
  };
}
