// The team settings' durations: one reader and one way of saying them, for the CLI and the app.
import { describe, expect, it } from 'vitest';
import { durationWords, parseDuration } from '../../../../shared/team/team-duration.ts';

describe('parseDuration', () => {
  it.each([
    ['7d', 604_800], ['12h', 43_200], ['15m', 900], ['90s', 90], ['1h30m', 5_400], ['0s', 0], [' 2D ', 172_800],
    ['90 s', 90], ['15 min', 900], ['2 hours', 7_200], ['30 days', 2_592_000], ['1 day 12 hours', 129_600], ['1 h 30 min', 5_400], ['7 d', 604_800], ['1 Minute', 60],
  ])('reads %j as %d s', (text, seconds) => {
    expect(parseDuration(text)).toEqual({ ok: true, seconds });
  });

  it.each(['', '   ', 'soon', '1.5h', '-1d', '1w', 'h', '1h 30', '30 days ago', '1e3s'])('refuses %j as not a duration', (text) => {
    expect(parseDuration(text)).toEqual({ ok: false, problem: 'not-a-duration' });
  });

  it('refuses a number alone: it could be seconds or minutes', () => {
    expect(parseDuration(' 15 ')).toEqual({ ok: false, problem: 'no-unit' });
  });

  it('refuses more than the most allowed, and more than a safe integer', () => {
    expect(parseDuration('30 days', 30 * 86_400)).toEqual({ ok: true, seconds: 2_592_000 });
    expect(parseDuration('30 days 1 s', 30 * 86_400)).toEqual({ ok: false, problem: 'too-long' });
    expect(parseDuration('99999999999999999999d')).toEqual({ ok: false, problem: 'too-long' });
  });
});

describe('durationWords', () => {
  it('says whole units from days down, leaving out zeros', () => {
    expect([2_592_000, 86_400, 129_600, 3_600, 7_200, 5_400, 900, 90, 1, 0].map(durationWords)).toEqual([
      '30 days', '1 day', '1 day 12 hours', '1 hour', '2 hours', '1 hour 30 min', '15 min', '1 min 30 s', '1 s', '0 s',
    ]);
  });

  it('reads back as the same seconds', () => {
    for (const seconds of [0, 1, 59, 61, 3_599, 3_601, 86_399, 90_061, 2_592_000, 315_360_000]) {
      expect(parseDuration(durationWords(seconds))).toEqual({ ok: true, seconds });
    }
  });
});
