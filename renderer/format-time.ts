const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** hh:mm in the user's time zone, 24-hour so "valid until" is never ambiguous. */
export function formatClockTime(epochMs: number): string {
  return clock.format(new Date(epochMs));
}
