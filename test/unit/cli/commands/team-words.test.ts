// The team commands' durations as flags: read by shared/team/team-duration.ts, refused in words that name the flag.
import { describe, expect, it } from 'vitest';
import { hourMinute, parseDuration } from '../../../../electron/cli/commands/team/team-words.ts';

describe('team durations', () => {
  it.each([['7d', 604_800], ['12h', 43_200], ['15m', 900], ['90s', 90], ['1h30m', 5_400], ['0s', 0], [' 2D ', 172_800], ['7 d', 604_800], ['1 day 12 hours', 129_600]])('reads %s as %d s', (text, seconds) => {
    expect(parseDuration(text, '--reuse-window')).toBe(seconds);
  });

  it.each(['', 'soon', '1.5h', '-1d', '1w'])('refuses %j with the flag and an example', (text) => {
    expect(() => parseDuration(text, '--claim-timeout')).toThrow(`--claim-timeout takes a duration such as 7d, 12h, 15m or 90s (or a sum, 1h30m), not ${JSON.stringify(text)}`);
  });

  it('says why a number alone is refused', () => {
    expect(() => parseDuration('7', '--claim-timeout')).toThrow('--claim-timeout takes a duration such as 7d, 12h, 15m or 90s, not "7": a number alone could be seconds or minutes');
  });

  it('refuses more than the most allowed, saying the most', () => {
    expect(parseDuration('30d', '--claim-timeout', 30 * 86_400)).toBe(2_592_000);
    expect(() => parseDuration('31d', '--claim-timeout', 30 * 86_400)).toThrow('--claim-timeout "31d" is too long: at most 30 days');
  });

  it('gives a time as HH:MM', () => {
    expect(hourMinute(Date.UTC(2025, 0, 31, 9, 5))).toMatch(/^\d\d:\d\d$/);
  });
});
