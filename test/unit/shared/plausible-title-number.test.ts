import { describe, expect, it } from 'vitest';
import { isPlausibleTitleNumber } from '../../../shared/property/plausible-title-number.ts';

describe('isPlausibleTitleNumber', () => {
  it('offers title numbers of every series the register holds', () => {
    for (const title of ['DN123456', 'TGL312172', 'MM786', 'WM990994', 'CYM12345', '123456', '7', 'ABCDEF123456', ' dn 123456 ']) {
      expect(isPlausibleTitleNumber(title), title).toBe(true);
    }
  });

  it('does not offer postcode districts, whole postcodes, words or over-long text', () => {
    for (const text of ['LS23', 'M1', 'EC1A', 'LS236TR', 'SW1A1AA', 'TANNERY', '', 'ABCDEFG1234567', 'DN-123', 'LS23 6T', 'ls23 6tr']) {
      expect(isPlausibleTitleNumber(text), text).toBe(false);
    }
  });
});
