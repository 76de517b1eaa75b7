// The team commands' durations: what `team settings` reads and what `team show` prints.
import { describe, expect, it } from 'vitest';
import { claimTimeoutWords, parseDuration, reuseWindowWords } from '../../../../electron/cli/commands/team-words.ts';
import { dayIn } from '../../../../electron/core/team-join/team-probe.ts';

describe('team durations', () => {
  it.each([['7d', 604_800], ['12h', 43_200], ['15m', 900], ['90s', 90], ['1h30m', 5_400], ['0s', 0], [' 2D ', 172_800]])('reads %s as %d s', (text, seconds) => {
    expect(parseDuration(text, '--reuse-window')).toBe(seconds);
  });

  it.each(['7', '', 'soon', '1.5h', '-1d', '7 d', '1w'])('refuses %j with the flag and an example', (text) => {
    expect(() => parseDuration(text, '--claim-timeout')).toThrow(/--claim-timeout takes a duration such as 7d, 12h, 15m or 90s/);
  });

  it('says the reuse window in days and hours, the claim timeout in minutes', () => {
    expect([reuseWindowWords(2_592_000), reuseWindowWords(129_600), reuseWindowWords(3_600), reuseWindowWords(90), reuseWindowWords(0)]).toEqual(['30 days', '1 day 12 hours', '1 hour', '1 min 30 s', '0 s']);
    expect([claimTimeoutWords(900), claimTimeoutWords(3_600), claimTimeoutWords(1), claimTimeoutWords(90)]).toEqual(['15 min', '60 min', '1 s', '1 min 30 s']);
  });

  it("counts the budget's day on the team's calendar", () => {
    const at = Date.UTC(2025, 0, 31, 23, 30);
    expect([dayIn('Europe/London', at), dayIn('Europe/Paris', at), dayIn('America/New_York', at)]).toEqual(['2025-01-31', '2025-02-01', '2025-01-31']);
  });
});
