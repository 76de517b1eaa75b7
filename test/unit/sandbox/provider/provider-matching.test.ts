import { describe, expect, it } from 'vitest';
import { highlightPostcode, highlightTokens, matchesAllTokens, postcodePrefix, tokenize, wordsOf } from '../../../../electron/sandbox/provider/matching.ts';

function searchable(text: string, description: string) {
  return { textWords: wordsOf(text), descriptionWords: wordsOf(description) };
}

describe('provider matching', () => {
  it('splits queries into lower-case tokens', () => {
    expect(tokenize(' Flat 2, Aspen  Court ')).toEqual(['flat', '2', 'aspen', 'court']);
    expect(tokenize(',;')).toEqual([]);
  });

  it('recognises the start of a postcode, with or without its space', () => {
    expect(postcodePrefix('LS23 6')).toBe('LS236');
    expect(postcodePrefix('ls236tr')).toBe('LS236TR');
    expect(postcodePrefix('b1')).toBe('B1');
    expect(postcodePrefix('Mill Lane')).toBeUndefined();
    expect(postcodePrefix('12 Mill')).toBeUndefined();
    expect(postcodePrefix('LS23 6TRX')).toBeUndefined();
  });

  it('highlights postcode characters, skipping the space', () => {
    expect(highlightPostcode('LS23 6TR', 'LS236T'.length)).toBe('0-4,5-7;');
    expect(highlightPostcode('LS23 6TR', 'LS2'.length)).toBe('0-3;');
    expect(highlightPostcode('LS23 6TR', 7)).toBe('0-4,5-8;');
  });

  it('needs every token, matching word prefixes, earlier numbers exactly', () => {
    const house = searchable('12 Mill Lane', 'Boston Spa, Wetherby, LS23 6TR');
    expect(matchesAllTokens(['mill', 'la'], house)).toBe(true);
    expect(matchesAllTokens(['12', 'mill'], house)).toBe(true);
    expect(matchesAllTokens(['1', 'mill'], house)).toBe(false);
    expect(matchesAllTokens(['mill', '1'], house)).toBe(true);
    expect(matchesAllTokens(['ill'], house)).toBe(false);
    expect(matchesAllTokens(['wetherby', '6t'], house)).toBe(true);
    expect(matchesAllTokens([], house)).toBe(false);
  });

  it('writes Text ranges, a semicolon, then Description ranges (end exclusive)', () => {
    const house = searchable('12 Mill Lane', 'Boston Spa, Wetherby, LS23 6TR');
    expect(highlightTokens(['12', 'mill', 'la'], house)).toBe('0-2,3-7,8-10;');
    expect(highlightTokens(['mill', 'weth'], house)).toBe('3-7;12-16');
    expect(highlightTokens(['ls23', '6'], house)).toBe(';22-26,27-28');
  });
});
