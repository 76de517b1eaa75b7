import { describe, expect, it } from 'vitest';
import { parsePurchaseResult, totalsByCurrency } from '../../../../../electron/core/purchases/answers/result-parse.ts';

const base = 'https://api.example.test';
const bathrooms = `${base}/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Bathrooms/Bathroom Count (1⋯5+)`;
const uprn = `${base}/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number`;

function datum(variable: string, value: string, price: number, currency = 'GBP') {
  return {
    '@type': `${base}/ontologies/Dwelling/Rooms#Bathrooms/Bathroom Count`,
    price: { value: price, currency },
    variable: { '@type': 'Variable', '@id': variable },
    value,
  };
}

function collection(member: unknown[], extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    '@context': `${base}/.hydra/context.jsonld`,
    '@type': 'hydra:Collection',
    manages: { property: 'rdf:type', object: 'Datum' },
    member,
    totalItems: member.length,
    ...extra,
  });
}

describe('parsePurchaseResult', () => {
  it('turns a valid collection into items with their IRI parts and totals per currency', () => {
    const parsed = parsePurchaseResult(collection([datum(bathrooms, '2', 0.1), datum(uprn, '100023336956', 0.2), datum(uprn, 'x', 1.5, 'EUR')]));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.result.items[0]).toEqual({
      variable: bathrooms,
      provider: 'WhenFresh',
      source: 'Property Insurance',
      schemePath: ['Dwelling', 'Rooms', 'Bathrooms'],
      name: 'Bathroom Count (1⋯5+)',
      ontologyType: `${base}/ontologies/Dwelling/Rooms#Bathrooms/Bathroom Count`,
      value: '2',
      price: { value: 0.1, currency: 'GBP' },
    });
    expect(parsed.result.totals).toEqual([{ currency: 'GBP', value: 0.3 }, { currency: 'EUR', value: 1.5 }]);
  });

  it('accepts an empty collection and extra properties', () => {
    const parsed = parsePurchaseResult(collection([], { 'hydra:view': {} }));
    expect(parsed).toEqual({ ok: true, result: { items: [], totals: [] } });
  });

  it('keeps an item whose variable IRI has an unexpected shape, named by the whole IRI', () => {
    const parsed = parsePurchaseResult(collection([datum('urn:x:odd', 'v', 1)]));
    expect(parsed.ok && parsed.result.items[0]).toMatchObject({ variable: 'urn:x:odd', name: 'urn:x:odd', provider: '' });
  });

  it('rejects bodies that are not the documented collection', () => {
    const malformed = [
      '',
      'not json',
      '[]',
      JSON.stringify({ '@type': 'hydra:Collection', member: [], totalItems: 0 }),
      collection([], { '@type': 'Catalog' }),
      collection([datum(uprn, '1', 1)], { totalItems: 2 }),
      collection([{ ...datum(uprn, '1', 1), value: 1 }]),
      collection([{ ...datum(uprn, '1', 1), price: { value: '1', currency: 'GBP' } }]),
      collection([{ ...datum(uprn, '1', 1), price: { value: -1, currency: 'GBP' } }]),
      collection([{ ...datum(uprn, '1', 1), variable: { '@id': uprn } }]),
      collection([], { manages: { property: 'rdf:type', object: 'Other' } }),
    ];
    for (const body of malformed) {
      const parsed = parsePurchaseResult(body);
      expect(parsed.ok, body).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/purchase result/);
    }
  });
});

describe('totalsByCurrency', () => {
  it('sums without floating-point drift', () => {
    const item = (value: number) => ({ variable: '', provider: '', source: '', schemePath: [], name: '', ontologyType: '', value: '', price: { value, currency: 'GBP' } });
    expect(totalsByCurrency(Array.from({ length: 10 }, () => item(0.1)))).toEqual([{ currency: 'GBP', value: 1 }]);
  });
});
