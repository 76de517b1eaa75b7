import { describe, expect, it } from 'vitest';
import type { AddressCandidate } from '../../../../shared/property/address.ts';
import { addressWords, exactAddressMatch, withoutCountry } from '../../../../electron/core/batch/address-match.ts';

const candidate = (id: string, text: string, description: string, isContainer = false): AddressCandidate => ({
  id, type: isContainer ? 'Street' : 'Address', text, description, isContainer, highlight: { text: [], description: [] },
});

const house = candidate('a', '1 Tannery Crescent', 'Boston Spa, Wetherby, LS23 6TR');
const flat = candidate('b', 'Flat 1, Regent Mansions, 7 Tannery Crescent', 'Boston Spa, Wetherby, LS23 6TR');

describe('an address typed as the app shows it', () => {
  it('is the one candidate with exactly its words, whatever the case, commas and country', () => {
    // As the address card shows it (the provider's label, the town in capitals, the country last)…
    expect(exactAddressMatch([house, flat], '1 Tannery Crescent, Boston Spa, WETHERBY, LS23 6TR, UNITED KINGDOM')).toBe(house);
    // …and as the suggestion list shows it.
    expect(exactAddressMatch([house, flat], '1 Tannery Crescent, Boston Spa, Wetherby, LS23 6TR')).toBe(house);
    expect(exactAddressMatch([house, flat], '  1 tannery crescent boston spa wetherby ls23 6tr ')).toBe(house);
    expect(exactAddressMatch([flat, house], 'Flat 1, Regent Mansions, 7 Tannery Crescent, Boston Spa, Wetherby, LS23 6TR')).toBe(flat);
  });

  it('is not guessed from part of a label, from the same words in another order, or from a container', () => {
    expect(exactAddressMatch([house, flat], '1 Tannery Crescent')).toBeUndefined();
    expect(exactAddressMatch([house, flat], 'Tannery Crescent 1, Boston Spa, Wetherby, LS23 6TR')).toBeUndefined();
    const street = candidate('s', 'Tannery Crescent', 'Boston Spa, Wetherby, LS23 6TR', true);
    expect(exactAddressMatch([street, house], 'Tannery Crescent, Boston Spa, Wetherby, LS23 6TR')).toBeUndefined();
    // Two candidates with the same label are still two addresses.
    expect(exactAddressMatch([house, { ...house, id: 'c' }], '1 Tannery Crescent, Boston Spa, Wetherby, LS23 6TR')).toBeUndefined();
  });

  it('drops only a trailing country name before Find', () => {
    expect(withoutCountry('1 Tannery Crescent, LS23 6TR, United Kingdom')).toBe('1 Tannery Crescent, LS23 6TR');
    expect(withoutCountry('1 Tannery Crescent, LS23 6TR UK')).toBe('1 Tannery Crescent, LS23 6TR');
    expect(withoutCountry('1 UK House, Mill Lane')).toBe('1 UK House, Mill Lane');
    expect(withoutCountry('United Kingdom')).toBe('United Kingdom');
    expect(addressWords('Flat 1,  Regent-Mansions')).toBe('flat 1 regent mansions');
  });
});
