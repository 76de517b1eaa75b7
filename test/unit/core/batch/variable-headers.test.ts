import { describe, expect, it } from 'vitest';
import { variableHeaders } from '../../../../electron/core/batch/batch-output.ts';

const base = 'https://api.whenfresh.com';
const newer = `${base}/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Count/Bedroom Count`;
const older = `${base}/variable/WhenFresh/Property Market/Property Attribute/Property Last Listed as Rented/provenance/Zoopla/Property Attribute`;

describe('batch output variable columns', () => {
  it('are headed by the variable name in either IRI form', () => {
    expect(variableHeaders([newer, older])).toEqual(['Bedroom Count', 'Property Last Listed as Rented']);
  });

  it('tell two variables of one name apart by the IRI from the provider on, in either form', () => {
    const otherSource = `${base}/variable/WhenFresh/Rentals/Property Attribute/Property Last Listed as Rented/provenance/Zoopla/Rentals`;
    expect(variableHeaders([older, otherSource])).toEqual([
      'WhenFresh/Property Market/Property Attribute/Property Last Listed as Rented/provenance/Zoopla/Property Attribute',
      'WhenFresh/Rentals/Property Attribute/Property Last Listed as Rented/provenance/Zoopla/Rentals',
    ]);
    const twin = `${base}/vars/WhenFresh/Bedrooms#Dwelling/Rooms/Count/Bedroom Count`;
    expect(variableHeaders([newer, twin])).toEqual(['WhenFresh/Property Insurance#Dwelling/Rooms/Count/Bedroom Count', 'WhenFresh/Bedrooms#Dwelling/Rooms/Count/Bedroom Count']);
  });
});
