import { describe, expect, it } from 'vitest';
import { isTitleNumber, isUsualTitleNumber, normalizeTitleNumber, titleNumberHint, titleNumberSchema } from '../../../shared/property/title-number.ts';

describe('isTitleNumber', () => {
  it('accepts every shape the register holds: prefixed, digits only, older series', () => {
    for (const title of ['DN123456', 'TGL312172', 'MM786', 'WM990994', 'CYM1', 'K1', '284789', 'Z1Z', 'DN1234567', 'ABCD123', 'A', '123456789012']) {
      expect(isTitleNumber(title), title).toBe(true);
    }
  });

  it('rejects what cannot be one: empty, too long, not canonical, other characters', () => {
    for (const title of ['', '1234567890123', 'dn123456', 'DN 123456', 'DN-12', 'DN/12', 'É1']) {
      expect(isTitleNumber(title), title).toBe(false);
    }
  });

  it('tells the usual modern shape apart', () => {
    expect(isUsualTitleNumber('DN123456')).toBe(true);
    expect(isUsualTitleNumber('284789')).toBe(false);
    expect(isUsualTitleNumber('Z1Z')).toBe(false);
  });
});

describe('normalizeTitleNumber and the schema', () => {
  it('trims, upper-cases and removes the space between prefix and digits', () => {
    expect(normalizeTitleNumber('  dn123456 ')).toBe('DN123456');
    expect(normalizeTitleNumber('tgl 312172')).toBe('TGL312172');
    expect(titleNumberSchema.parse(' z1z\t')).toBe('Z1Z');
    expect(titleNumberSchema.parse('284789')).toBe('284789');
  });

  it('refuses only characters and length', () => {
    expect(titleNumberSchema.safeParse('not a title!').success).toBe(false);
    expect(titleNumberSchema.safeParse('').success).toBe(false);
    expect(titleNumberSchema.safeParse('ABCDEFGHIJKLM').success).toBe(false);
  });
});

describe('titleNumberHint', () => {
  it('says nothing for the usual shape and explains the others without refusing', () => {
    expect(titleNumberHint('DN123456')).toBeUndefined();
    expect(titleNumberHint('284789')).toMatch(/no county prefix.*sent as typed/);
    expect(titleNumberHint('Z1Z')).toMatch(/unusual shape.*sent as typed/);
    expect(titleNumberHint('DN-12')).toBeUndefined();
  });
});
