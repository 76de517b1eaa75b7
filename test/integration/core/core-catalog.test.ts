import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../electron/sandbox/index.ts';
import type { EnvironmentRegistry } from '../../../electron/core/env/environment-registry.ts';
import { codeOf, startRegistryOnSandbox, type RegistryOnSandbox } from '../fixtures/core-fixtures.ts';
import { groupCatalog, parseCatalog } from '../../../electron/core/catalog/catalog-client.ts';
import { unreadableNote, type CatalogVariable } from '../../../shared/catalog/catalog.ts';
import { parseVariableIri } from '../../../shared/catalog/iri.ts';

let fixture: RegistryOnSandbox;
let sandbox: RunningSandbox;
let registry: EnvironmentRegistry;

beforeAll(async () => {
  fixture = await startRegistryOnSandbox();
  ({ sandbox, registry } = fixture);
});

afterAll(async () => {
  await fixture.close();
});

describe('catalog against the sandbox', () => {
  it('parses a title catalog into priced variables grouped by provider/source and scheme path', async () => {
    const title = sandbox.config.sampleTitles[0] ?? '';
    const catalog = await registry.session().catalog.catalog(title);
    expect(catalog.titleNumber).toBe(title);
    expect(catalog.variableCount).toBeGreaterThan(0);
    const variables = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables));
    expect(variables).toHaveLength(catalog.variableCount);
    for (const group of catalog.groups) {
      for (const scheme of group.schemes) {
        for (const variable of scheme.variables) {
          expect([variable.provider, variable.source]).toEqual([group.provider, group.source]);
          expect(variable.schemePath).toEqual(scheme.schemePath);
          expect(parseVariableIri(variable.iri)?.name).toBe(variable.name);
          expect(variable.iri.startsWith(`${sandbox.baseUrl}/vars/`)).toBe(true);
          expect(variable.price.value).toBeGreaterThanOrEqual(0);
        }
      }
    }
    const keys = catalog.groups.map((group) => `${group.provider}/${group.source}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps IRIs with spaces and non-ASCII characters verbatim', async () => {
    const catalog = await registry.session().catalog.catalog(sandbox.config.sampleTitles[0] ?? '');
    const iris = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables.map((variable) => variable.iri)));
    expect(iris.some((iri) => iri.includes(' '))).toBe(true);
    expect(iris.some((iri) => /[^ -~]/.test(iri))).toBe(true);
    expect(iris.every((iri) => !iri.includes('%20'))).toBe(true);
  });

  it('caches per title, asks again on refresh, and normalises what the user typed', async () => {
    const client = registry.session().catalog;
    const title = sandbox.config.sampleTitles[1] ?? '';
    const before = sandbox.stats().catalog;
    const first = await client.catalog(title);
    const again = await client.catalog(` ${title.toLowerCase()} `);
    expect(again).toBe(first);
    expect(sandbox.stats().catalog).toBe(before + 1);
    await client.catalog(title, { refresh: true });
    expect(sandbox.stats().catalog).toBe(before + 2);
  });

  it('reports an unknown title as not_found and does not cache the failure', async () => {
    const client = registry.session().catalog;
    const before = sandbox.stats().catalog;
    expect(await codeOf(client.catalog('ZZ999999'))).toBe('not_found');
    expect(await codeOf(client.catalog('ZZ999999'))).toBe('not_found');
    expect(sandbox.stats().catalog).toBe(before + 2);
  });

  it('refuses text that is not a title number without asking the service', async () => {
    const before = sandbox.stats();
    expect(await codeOf(registry.session().catalog.catalog('../../purchases'))).toBe('validation');
    expect(sandbox.stats().catalog).toBe(before.catalog);
    expect(sandbox.stats().token).toBe(before.token);
  });
});

describe('catalog parsing', () => {
  const base = 'https://api.example.test';
  const member = (source: string, fragment: string, price = 1): unknown => ({
    '@type': `${base}/ontologies/${fragment.split('/')[0] ?? ''}/T#C/N`,
    price: { value: price, currency: 'GBP' },
    variable: { '@id': `${base}/vars/WhenFresh/${source}#${fragment}`, '@type': 'Variable' },
  });

  it('groups in first-seen order', () => {
    const body = JSON.stringify({
      '@type': 'Catalog',
      member: [member('Address', 'A/B/C/One'), member('Insurance', 'D/E/F/Two'), member('Address', 'A/B/C/Three'), member('Address', 'A/B/X/Four')],
    });
    const catalog = parseCatalog('DN1', body);
    expect(catalog.groups.map((group) => group.source)).toEqual(['Address', 'Insurance']);
    expect(catalog.groups[0]?.schemes.map((scheme) => [scheme.schemePath.join('/'), scheme.variables.map((v) => v.name)])).toEqual([
      ['A/B/C', ['One', 'Three']],
      ['A/B/X', ['Four']],
    ]);
  });

  it.each([
    ['not JSON', '<html>'],
    ['a wrong @type', JSON.stringify({ '@type': 'Collection', member: [] })],
    ['a Catalog without member or variables', JSON.stringify({ '@type': 'Catalog' })],
  ])('refuses %s as a protocol error', (_label, body) => {
    expect(() => parseCatalog('DN1', body)).toThrow(expect.objectContaining({ code: 'protocol' }) as Error);
  });

  it('skips and counts the entries it cannot read, keeping the rest of the catalog', () => {
    const body = JSON.stringify({
      '@type': 'Catalog',
      member: [
        member('A', 'X/Y/One'),
        { ...(member('A', 'X/Y') as object), variable: { '@id': 'nope', '@type': 'Variable' } },
        member('A', 'X/Y/Two', -1),
        { '@type': `${base}/ontologies/X/T#C/N`, variable: { '@id': `${base}/vars/WhenFresh/A#X/Y/NoPrice` } },
        'not an object',
        { ...(member('A', 'X/Y/Three') as object), somethingNew: { nested: true }, '@type': 42 },
      ],
    });
    const catalog = parseCatalog('DN1', body);
    expect(catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables.map((v) => v.name)))).toEqual(['One', 'Three']);
    expect(catalog.variableCount).toBe(2);
    expect(catalog.unreadable).toBe(4);
    expect(unreadableNote(catalog)).toBe('4 catalog entries could not be read and are not offered here.');
    expect(parseCatalog('DN1', JSON.stringify({ '@type': 'Catalog', member: [member('A', 'X/Y/One')] })).unreadable).toBeUndefined();
  });

  it('reads the reference pages\' variables[] shape, older identifiers and all, keeping each identifier verbatim', () => {
    const rented = `${base}/variable/WhenFresh/Property Market/Property Attribute/Property Last Listed as Rented`;
    const bedrooms = `${base}/variable/WhenFresh/Bedrooms/Property Attribute/Bedroom Count Band`;
    const body = JSON.stringify({
      '@type': 'Catalog',
      '@id': `${base}/world/GB/addresses/8e05p·0/catalog`,
      '@context': `${base}/.hydra/context.jsonld`,
      variables: [
        { variableId: `${rented}/provenance/Zoopla/Property Attribute`, price: { currency: 'GBP', value: 0.03 }, '@type': rented },
        { '@type': bedrooms, price: { value: 0.03, currency: 'GBP' }, variableId: `${bedrooms}/provenance/Zoopla/Property Attribute` },
        { '@type': bedrooms, price: { value: 0.03, currency: 'GBP' } },
        { variableId: `${base}/vars/WhenFresh/Address#Postal/Address/Street/Postcode`, price: { value: 1, currency: 'GBP' } },
      ],
    });
    const catalog = parseCatalog('DN1', body);
    const variables = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables));
    expect(variables.map((v) => v.iri)).toEqual([
      `${rented}/provenance/Zoopla/Property Attribute`,
      `${bedrooms}/provenance/Zoopla/Property Attribute`,
      `${base}/vars/WhenFresh/Address#Postal/Address/Street/Postcode`,
    ]);
    expect(variables[0]).toMatchObject({ provider: 'WhenFresh', source: 'Property Market', schemePath: ['Property Attribute'], name: 'Property Last Listed as Rented', ontologyType: rented, price: { value: 0.03, currency: 'GBP' } });
    expect(catalog.unreadable).toBe(1);
  });

  it('keeps distinct scheme paths apart even when joined text would collide', () => {
    const variable = (schemePath: string[]): CatalogVariable => ({
      iri: 'x', provider: 'P', source: 'S', schemePath, name: 'n', ontologyType: 'o', price: { value: 1, currency: 'GBP' },
    });
    expect(groupCatalog([variable(['a/b', 'c']), variable(['a', 'b/c'])])[0]?.schemes).toHaveLength(2);
  });
});
