import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { authGet, catalogPath, collectionSchema, developerToken, purchase } from './sandbox-support.ts';

const catalogSchema = z.strictObject({
  '@context': z.string(),
  '@id': z.string(),
  '@type': z.literal('Catalog'),
  member: z.array(
    z.strictObject({
      '@type': z.string(),
      price: z.strictObject({ value: z.number(), currency: z.literal('GBP') }),
      variable: z.strictObject({ '@id': z.string(), '@type': z.literal('Variable') }),
    }),
  ),
  totalItems: z.int(),
});
type Catalog = z.infer<typeof catalogSchema>;

let sandbox: RunningSandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ pacing: { readySeconds: [0, 0] } });
  token = await developerToken(sandbox);
});
afterAll(async () => {
  await sandbox.close();
});

async function catalogOf(target: RunningSandbox, bearer: string, title: string): Promise<Catalog> {
  const response = await authGet(target, bearer, catalogPath(title));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/ld\+json/);
  return catalogSchema.parse(await response.json());
}

describe('catalog', () => {
  it('lists 60 or more variables with IRIs of the real shape, ontology types and GBP prices', async () => {
    const base = sandbox.baseUrl;
    const catalogs = await Promise.all(sandbox.config.sampleTitles.map((title) => catalogOf(sandbox, token, title)));
    const all = new Map(catalogs.flatMap((catalog) => catalog.member.map((member) => [member.variable['@id'], member])));
    expect(all.size).toBeGreaterThanOrEqual(60);
    const varShape = new RegExp(`^${base}/vars/([^/#]+)/([^/#]+)#([^/#]+)/([^/#]+)/([^/#]+)/(.+)$`);
    for (const [iri, member] of all) {
      const parts = varShape.exec(iri);
      expect(parts, iri).not.toBeNull();
      const [, , , scheme, taxonomy, classification, name] = parts ?? [];
      expect(member['@type']).toBe(`${base}/ontologies/${scheme ?? ''}/${taxonomy ?? ''}#${classification ?? ''}/${name ?? ''}`);
      expect(member.price.value).toBeGreaterThanOrEqual(0.01);
      expect(member.price.value).toBeLessThanOrEqual(5);
    }
    const iris = [...all.keys()];
    expect(iris.some((iri) => iri.includes(' '))).toBe(true);
    // Something outside printable ASCII, such as the ⋯ of a count range.
    expect(iris.some((iri) => /[^ -~]/.test(iri))).toBe(true);
    expect(iris).toContain(`${base}/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Bathrooms/Bathroom Count (1⋯5+)`);
    expect(iris).toContain(`${base}/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number`);
    const providers = new Set(iris.map((iri) => varShape.exec(iri)?.[1]));
    for (const provider of ['WhenFresh', 'Zoopla', 'CLS', 'Ordnance Survey', 'EPC', 'HM Land Registry']) expect(providers).toContain(provider);
  });

  it('has its own @id, a consistent totalItems, and offers the sample variables on every sample and test title', async () => {
    for (const title of [...sandbox.config.sampleTitles, ...sandbox.config.testTitles]) {
      const catalog = await catalogOf(sandbox, token, title);
      expect(catalog['@id']).toBe(`${sandbox.baseUrl}${catalogPath(title)}`);
      expect(catalog.totalItems).toBe(catalog.member.length);
      const offered = catalog.member.map((member) => member.variable['@id']);
      for (const variable of sandbox.config.sampleVariables) expect(offered).toContain(variable);
    }
  });

  it('sells every variable of a catalog, at the catalog price, with a value as a string', async () => {
    const title = sandbox.config.sampleTitles[0] ?? '';
    const catalog = await catalogOf(sandbox, token, title);
    const response = await purchase(sandbox, token, title, catalog.member.map((member) => member.variable['@id']));
    expect(response.status).toBe(200);
    const result = collectionSchema(sandbox).parse(await response.json());
    expect(result.member.map((datum) => [datum['@type'], datum.price])).toEqual(catalog.member.map((member) => [member['@type'], member.price]));
  });

  it('requires a token', async () => {
    expect((await authGet(sandbox, null, catalogPath(sandbox.config.sampleTitles[0] ?? ''))).status).toBe(401);
  });
});

describe('JSON-LD context', () => {
  it('is served as JSON-LD and defines every term a purchase result uses', async () => {
    const response = await fetch(`${sandbox.baseUrl}/.hydra/context.jsonld`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/ld\+json/);
    const { '@context': context } = z.object({ '@context': z.record(z.string(), z.unknown()) }).parse(await response.json());
    expect(context.hydra).toBe('http://www.w3.org/ns/hydra/core#');
    expect(context.rdf).toBe('http://www.w3.org/1999/02/22-rdf-syntax-ns#');
    for (const term of ['Datum', 'Variable', 'Catalog', 'PurchaseVariableAction', 'member', 'totalItems', 'manages', 'property', 'object', 'price', 'value', 'currency', 'variable', 'variables']) {
      expect(context, term).toHaveProperty(term);
    }
    // Under the context, manages' property and object are vocabulary terms, so "Datum" and "rdf:type" expand.
    expect(context.property).toMatchObject({ '@id': 'hydra:property', '@type': '@vocab' });
    expect(context.object).toMatchObject({ '@id': 'hydra:object', '@type': '@vocab' });
    expect(context.member).toMatchObject({ '@id': 'hydra:member' });
  });
});

describe('determinism', () => {
  it('gives the same titles, catalog and values for the same seed, and other data for another seed', async () => {
    const [first, second, other] = await Promise.all([7, 7, 8].map((seed) => startSandbox({ seed, pacing: { readySeconds: [0, 0] } })));
    if (first === undefined || second === undefined || other === undefined) throw new Error('three sandboxes expected');
    try {
      const relative = (target: RunningSandbox, text: string): string => text.split(target.baseUrl).join('{base}');
      const snapshot = async (target: RunningSandbox): Promise<string> => {
        const bearer = await developerToken(target);
        const title = target.config.sampleTitles[0] ?? '';
        const catalog = await (await authGet(target, bearer, catalogPath(title))).text();
        const all = catalogSchema.parse(JSON.parse(catalog)).member.map((member) => member.variable['@id']);
        const bought = await purchase(target, bearer, title, all);
        expect(bought.status).toBe(200);
        // The base URL differs by port; everything under it must be identical.
        return relative(target, JSON.stringify({ config: target.config, catalog, values: await bought.text() }));
      };
      const [a, b] = [await snapshot(first), await snapshot(second)];
      expect(a).toBe(b);
      expect(relative(other, JSON.stringify(other.config.sampleTitles))).not.toBe(relative(first, JSON.stringify(first.config.sampleTitles)));
    } finally {
      await Promise.all([first.close(), second.close(), other.close()]);
    }
  });
});
