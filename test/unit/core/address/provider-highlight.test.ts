import { describe, expect, it } from 'vitest';
import { parseFindItems, parseHighlight } from '../../../../electron/core/address/provider-wire.ts';

describe('Loqate highlight ranges', () => {
  it('reads a single position as that one character, beside start-end ranges', () => {
    expect(parseHighlight('7')).toEqual({ text: [[7, 8]], description: [] });
    expect(parseHighlight('0-4,7;2,5-9')).toEqual({ text: [[0, 4], [7, 8]], description: [[2, 3], [5, 9]] });
  });

  it('still skips what is not a position or a range', () => {
    expect(parseHighlight('a,4-2,-3,1-;0')).toEqual({ text: [], description: [[0, 1]] });
  });

  it('marks a single position in a Find answer', () => {
    const [candidate] = parseFindItems(JSON.stringify({ Items: [{ Id: 'x', Type: 'Address', Text: '1 Mill Lane', Highlight: '0;0-2', Description: 'LS23' }] }));
    expect(candidate?.highlight).toEqual({ text: [[0, 1]], description: [[0, 2]] });
  });
});
