import { describe, expect, it } from 'vitest';
import { isTitleNumber, normalizeTitleNumber } from '../../shared/title-number.ts';

describe('isTitleNumber', () => {
  it('accepts England & Wales title numbers', () => {
    for (const title of ['DN123456', 'TGL312172', 'MM786', 'WM990994', 'CYM1', 'K1']) {
      expect(isTitleNumber(title), title).toBe(true);
    }
  });

  it('rejects other shapes', () => {
    for (const title of ['', '123456', 'ABCD123', 'DN', 'DN1234567', 'dn123456', 'DN 123456', 'DN12A', 'DN-12']) {
      expect(isTitleNumber(title), title).toBe(false);
    }
  });
});

describe('normalizeTitleNumber', () => {
  it('trims, upper-cases and removes inner whitespace', () => {
    expect(normalizeTitleNumber('  dn123456 ')).toBe('DN123456');
    expect(normalizeTitleNumber('tgl 312172')).toBe('TGL312172');
    expect(isTitleNumber(normalizeTitleNumber(' wm990994\t'))).toBe(true);
  });

  it('leaves non-title input recognisably invalid', () => {
    expect(isTitleNumber(normalizeTitleNumber('not a title'))).toBe(false);
  });
});
