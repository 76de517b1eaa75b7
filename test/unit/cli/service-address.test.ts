import { describe, expect, it } from 'vitest';
import { serviceAddressOf } from '../../../electron/cli/service-address.ts';

const record = (variables: string[]) => ({ variables, environmentId: 'cli-unknown' });

describe('the service a journaled purchase was made on', () => {
  it('is read from a variable IRI of either form when the record has no result URL', () => {
    expect(serviceAddressOf(record(['https://api.whenfresh.com/vars/WhenFresh/Bedrooms#Dwelling/Rooms/Count/Bedroom Count']))).toBe('https://api.whenfresh.com');
    expect(serviceAddressOf(record(['http://127.0.0.1:4010/variable/WhenFresh/Property Market/Property Attribute/Property Last Listed as Rented/provenance/Zoopla/Property Attribute']))).toBe('http://127.0.0.1:4010');
  });

  it('is not guessed from text that is no variable IRI', () => {
    expect(serviceAddressOf(record(['Bedroom Count', 'urn:x/vars/y']))).toBeUndefined();
  });
});
