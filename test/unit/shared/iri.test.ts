import { describe, expect, it } from 'vitest';
import { parseOntologyIri, parseVariableIri, variableIdentity, variableIriSchema, variableName } from '../../../shared/catalog/iri.ts';

const base = 'https://api.whenfresh.com';

describe('parseVariableIri', () => {
  it('splits a variable IRI with spaces and non-ASCII characters and keeps it verbatim', () => {
    const iri = `${base}/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Bathrooms/Bathroom Count (1⋯5+)`;
    expect(parseVariableIri(iri)).toEqual({
      iri,
      base,
      marker: '/vars/',
      provider: 'WhenFresh',
      source: 'Property Insurance',
      schemePath: ['Dwelling', 'Rooms', 'Bathrooms'],
      name: 'Bathroom Count (1⋯5+)',
    });
  });

  it('keeps a base URL with a path and a port', () => {
    const iri = 'http://127.0.0.1:5123/api/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';
    const parsed = parseVariableIri(iri);
    expect(parsed?.base).toBe('http://127.0.0.1:5123/api');
    expect(parsed?.schemePath).toEqual(['Ordnance Survey', 'Spatial', 'Address']);
    expect(parsed?.name).toBe('Unique Property Reference Number');
  });

  it('does not decode percent-encoded text', () => {
    const iri = `${base}/vars/WhenFresh/Property%20Insurance#Dwelling/Rooms/Bathroom%20Count`;
    expect(parseVariableIri(iri)?.source).toBe('Property%20Insurance');
  });

  it.each([
    ['no fragment', `${base}/vars/WhenFresh/Address`],
    ['no /vars/', `${base}/things/WhenFresh/Address#A/B`],
    ['no source', `${base}/vars/WhenFresh#A/B`],
    ['a fragment with only a name', `${base}/vars/WhenFresh/Address#Name`],
    ['an empty segment', `${base}/vars/WhenFresh/Address#A//B`],
    ['a blank name', `${base}/vars/WhenFresh/Address#A/ `],
    ['a control character', `${base}/vars/WhenFresh/Address#A/B\nC`],
    ['no base', '/vars/WhenFresh/Address#A/B'],
    ['a non-http base', 'file:///x/vars/WhenFresh/Address#A/B'],
    ['an overlong IRI', `${base}/vars/WhenFresh/Address#A/${'x'.repeat(3000)}`],
  ])('refuses %s', (_label, iri) => {
    expect(parseVariableIri(iri)).toBeUndefined();
    expect(variableIriSchema.safeParse(iri).success).toBe(false);
  });
});

describe('parseVariableIri, the older form of the Catalog and Variable reference pages', () => {
  it('takes the type path apart and keeps the provenance in the identifier only', () => {
    const iri = `${base}/variable/WhenFresh/Property Market/Property Attribute/Property Last Listed as Rented/provenance/Zoopla/Property Attribute`;
    expect(parseVariableIri(iri)).toEqual({
      iri,
      base,
      marker: '/variable/',
      provider: 'WhenFresh',
      source: 'Property Market',
      schemePath: ['Property Attribute'],
      name: 'Property Last Listed as Rented',
    });
    expect(variableIriSchema.safeParse(iri).success).toBe(true);
  });

  it('reads a type path without provenance', () => {
    expect(parseVariableIri(`${base}/variable/WhenFresh/Bedrooms/Bedroom Count Band`)).toMatchObject({ source: 'Bedrooms', schemePath: [], name: 'Bedroom Count Band' });
  });

  it.each([
    ['too short a path', `${base}/variable/WhenFresh/Bedrooms`],
    ['an empty segment', `${base}/variable/WhenFresh//Bedrooms/Count`],
    ['an empty provenance', `${base}/variable/WhenFresh/Bedrooms/Count/provenance/`],
    ['a fragment', `${base}/variable/WhenFresh/Bedrooms/Count#x`],
    ['no base', '/variable/WhenFresh/Bedrooms/Count'],
  ])('refuses %s', (_label, iri) => {
    expect(parseVariableIri(iri)).toBeUndefined();
  });
});

describe('parseOntologyIri', () => {
  it('splits an ontology type', () => {
    const iri = `${base}/ontologies/Dwelling/Rooms#Bathrooms/Bathroom Count (1⋯5+)`;
    expect(parseOntologyIri(iri)).toEqual({
      iri,
      base,
      scheme: 'Dwelling',
      taxonomy: 'Rooms',
      classification: ['Bathrooms'],
      name: 'Bathroom Count (1⋯5+)',
    });
  });

  it.each([
    ['no taxonomy', `${base}/ontologies/Dwelling#Bathrooms/Count`],
    ['no fragment', `${base}/ontologies/Dwelling/Rooms`],
    ['a variable IRI', `${base}/vars/WhenFresh/Address#A/B`],
  ])('refuses %s', (_label, iri) => {
    expect(parseOntologyIri(iri)).toBeUndefined();
  });
});

describe('parsed IRIs are kept', () => {
  it('answers a repeated IRI, valid or not, as the first time, with a frozen value that cannot be changed for the next caller', () => {
    const iri = `${base}/vars/WhenFresh/Address#Kept/Once`;
    const first = parseVariableIri(iri);
    expect(parseVariableIri(iri)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.schemePath)).toBe(true);
    expect(() => (first?.schemePath as string[]).push('x')).toThrow(TypeError);
    expect(parseVariableIri(iri)?.schemePath).toEqual(['Kept']);
    const bad = `${base}/vars/WhenFresh#Kept/Once`;
    expect(parseVariableIri(bad)).toBeUndefined();
    expect(parseVariableIri(bad)).toBeUndefined();
  });

  it('stays right past its bound, for new IRIs and for those it let go', () => {
    const iris = Array.from({ length: 10_000 }, (_, index) => `${base}/vars/WhenFresh/Address#Many/V${String(index)}`);
    for (const iri of iris) expect(parseVariableIri(iri)?.name).toBe(iri.slice(iri.lastIndexOf('/') + 1));
    expect(parseVariableIri(iris[0] ?? '')?.name).toBe('V0');
    expect(parseOntologyIri(`${base}/ontologies/Dwelling/Rooms#Bathrooms/Count`)?.classification).toEqual(['Bathrooms']);
  });
});

describe('variableName', () => {
  it('is the name in either form, not the provenance, and the whole text of anything else', () => {
    expect(variableName(`${base}/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Count/Bedroom Count (1⋯6+)`)).toBe('Bedroom Count (1⋯6+)');
    expect(variableName(`${base}/variable/WhenFresh/Property Market/Property Attribute/Property Last Listed as Rented/provenance/Zoopla/Property Attribute`)).toBe('Property Last Listed as Rented');
    expect(variableName('urn:not-a-variable/at all')).toBe('urn:not-a-variable/at all');
  });
});

describe('variableIdentity', () => {
  const service = 'https://api.example.test';
  const key = 'Zoopla/Property Data#Market/Valuation/Sale/Estimated Sale Value (£)';
  const older = 'Zoopla/Property Data/Market/Valuation/Sale/Estimated Sale Value (£)';

  it('names a variable the same in both forms, whole or as a key', () => {
    expect(variableIdentity(`${service}/vars/${key}`)).toBe(key);
    expect(variableIdentity(key)).toBe(key);
    expect(variableIdentity(`${service}/variable/${older}/provenance/Zoopla/Property Data`)).toBe(key);
    expect(variableIdentity(`${service}/variable/${older}`)).toBe(key);
    expect(variableIdentity(`${older}/provenance/Zoopla/Property Data`)).toBe(key);
  });

  it('keeps variables apart that differ in any part', () => {
    expect(variableIdentity(`${service}/vars/Zoopla/Property Data#Market/Valuation/Rent/Estimated Sale Value (£)`)).not.toBe(key);
    expect(variableIdentity(`${service}/variable/Zoopla/Other/Market/Valuation/Sale/Estimated Sale Value (£)`)).not.toBe(key);
  });

  it('gives text that names no variable back as it is', () => {
    expect(variableIdentity('not a variable')).toBe('not a variable');
    expect(variableIdentity('')).toBe('');
  });
});
