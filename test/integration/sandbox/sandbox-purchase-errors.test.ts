import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { authGet, catalogPath, collectionSchema, developerToken, getResult, purchase } from './sandbox-support.ts';

let sandbox: RunningSandbox;
let token: string;
let contextUrl: string;

beforeAll(async () => {
  sandbox = await startSandbox({ pacing: { retryAfterSeconds: [0, 0], maxAgeSeconds: [0, 0], readySeconds: [0, 0] } });
  token = await developerToken(sandbox);
  contextUrl = `${sandbox.baseUrl}/.hydra/context.jsonld`;
});
afterAll(async () => {
  await sandbox.close();
});

const title = (): string => sandbox.config.sampleTitles[0] ?? '';
const variables = (): string[] => sandbox.config.sampleVariables;
const problemSchema = z.object({ title: z.string(), status: z.int(), detail: z.string() });

async function expectProblem(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return problemSchema.parse(await response.json()).detail;
}

function entity(fields: Record<string, unknown>): string {
  return JSON.stringify({ '@context': contextUrl, '@type': 'PurchaseVariableAction', variables: variables(), ...fields });
}

describe('401 Unauthorized', () => {
  it('for a purchase without a token or with an unknown one', async () => {
    const missing = await purchase(sandbox, null, title(), variables());
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer /);
    await expectProblem(missing, 401);
    const unknown = await purchase(sandbox, 'made-up-token', title(), variables());
    expect(unknown.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    await expectProblem(unknown, 401);
  });

  it('for a result read without a token', async () => {
    const posted = await purchase(sandbox, token, title(), variables(), { prefer: 'respond-async, wait=0' });
    await expectProblem(await getResult(sandbox, null, posted.headers.get('location') ?? ''), 401);
  });
});

describe('404 Not Found', () => {
  it('for an unknown title, a malformed title number and an unknown purchase', async () => {
    await expectProblem(await purchase(sandbox, token, 'ZZZ999999', variables()), 404);
    await expectProblem(await purchase(sandbox, token, 'not a title', variables()), 404);
    await expectProblem(await authGet(sandbox, token, catalogPath('ZZZ999999')), 404);
    await expectProblem(await getResult(sandbox, token, '/purchases/00000000-0000-4000-8000-000000000000'), 404);
  });

  it('accepts a title number in lower case, as the same title', async () => {
    const response = await purchase(sandbox, token, title().toLowerCase(), variables());
    expect(response.status).toBe(200);
  });
});

describe('422 for a malformed entity', () => {
  const cases: [string, () => { contentType?: string; body?: string }][] = [
    ['a JSON Content-Type that is not JSON-LD', () => ({ contentType: 'application/json' })],
    ['no usable Content-Type', () => ({ contentType: 'text/plain' })],
    ['a body that is not JSON', () => ({ body: '{"@context": ' })],
    ['a JSON array', () => ({ body: '[]' })],
    ['the wrong @type', () => ({ body: entity({ '@type': 'BuyAction' }) })],
    ['a missing @type', () => ({ body: entity({ '@type': undefined }) })],
    ['another @context', () => ({ body: entity({ '@context': 'https://schema.org/' }) })],
    ['missing variables', () => ({ body: entity({ variables: undefined }) })],
    ['empty variables', () => ({ body: entity({ variables: [] }) })],
    ['variables that are not strings', () => ({ body: entity({ variables: [1, 2] }) })],
    ['variables that are not an array', () => ({ body: entity({ variables: variables()[0] }) })],
    ['an unknown variable IRI', () => ({ body: entity({ variables: [`${sandbox.baseUrl}/vars/WhenFresh/Nothing#A/B/C/D`] }) })],
    ['a variable sent twice', () => ({ body: entity({ variables: [variables()[0], variables()[0]] }) })],
  ];
  for (const [name, make] of cases) {
    it(`for ${name}`, async () => {
      await expectProblem(await purchase(sandbox, token, title(), variables(), make()), 422);
    });
  }

  it('for a variable the title does not offer (a lease on a freehold)', async () => {
    const offers = new Map<string, Set<string>>();
    const catalogSchema = z.object({ member: z.array(z.object({ variable: z.object({ '@id': z.string() }) })) });
    for (const sample of sandbox.config.sampleTitles) {
      const catalog = catalogSchema.parse(await (await authGet(sandbox, token, catalogPath(sample))).json());
      offers.set(sample, new Set(catalog.member.map((member) => member.variable['@id'])));
    }
    const all = new Set([...offers.values()].flatMap((set) => [...set]));
    const [narrow, offered] = [...offers].find(([, set]) => set.size < all.size) ?? ['', new Set<string>()];
    const missing = [...all].find((iri) => !offered.has(iri)) ?? '';
    expect(missing).not.toBe('');
    await expectProblem(await purchase(sandbox, token, narrow, [missing]), 422);
  });

  it('but accepts media type parameters and extra JSON-LD members', async () => {
    const body = JSON.stringify({ '@context': contextUrl, '@type': 'PurchaseVariableAction', variables: variables(), '@id': '_:b0' });
    const response = await purchase(sandbox, token, title(), variables(), { contentType: 'Application/LD+JSON; charset=utf-8', body });
    expect(response.status).toBe(200);
  });
});

describe('the purchase result', () => {
  it('has exactly the fields of the seed, one datum per variable in the order sent', async () => {
    const response = await purchase(sandbox, token, title(), variables());
    expect(response.status).toBe(200);
    const result = collectionSchema(sandbox).parse(await response.json());
    expect(result.totalItems).toBe(variables().length);
    expect(result.member.map((datum) => datum.variable['@id'])).toEqual(variables());
    for (const datum of result.member) {
      expect(datum['@type']).toMatch(new RegExp(`^${sandbox.baseUrl}/ontologies/[^#]+/[^#/]+#[^/]+/.+$`));
      expect(datum.value).not.toBe('');
    }
  });

  it('echoes each variable IRI exactly as sent, even percent-encoded', async () => {
    const [first = '', second = ''] = variables();
    const encoded = encodeURI(second);
    expect(encoded).not.toBe(second);
    const response = await purchase(sandbox, token, title(), [first, encoded]);
    expect(response.status).toBe(200);
    const result = collectionSchema(sandbox).parse(await response.json());
    expect(result.member.map((datum) => datum.variable['@id'])).toEqual([first, encoded]);
    const plain = collectionSchema(sandbox).parse(await (await purchase(sandbox, token, title(), [first, second])).json());
    expect(result.member.map((datum) => datum.value)).toEqual(plain.member.map((datum) => datum.value));
  });

  it('rejects the same variable twice under two spellings', async () => {
    const [first = ''] = variables();
    await expectProblem(await purchase(sandbox, token, title(), [first, encodeURI(first)]), 422);
  });
});

describe('methods', () => {
  it('answers 405 with Allow for methods a resource does not have', async () => {
    const response = await fetch(`${sandbox.baseUrl}${catalogPath(title())}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
  });
});
