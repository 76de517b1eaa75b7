import { onFirstUse } from './on-first-use.ts';

/**
 * Every time the app shows, in one style: the OS locale's order and names, always 24-hour so a
 * time is never ambiguous (the locale decides the rest; the hour cycle is fixed on purpose).
 */
const clock = onFirstUse(() => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
const clockSeconds = onFirstUse(() => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }));
const dateTime = onFirstUse(() => new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
}));

/** hh:mm in the user's time zone. */
export function formatClockTime(epochMs: number): string {
  return clock().format(new Date(epochMs));
}

/** hh:mm:ss, for request timelines where seconds matter. */
export function formatClockSeconds(epochMs: number): string {
  return clockSeconds().format(new Date(epochMs));
}

/** The date and hh:mm, for history rows and anything older than today. */
export function formatDateTime(epochMs: number): string {
  return dateTime().format(new Date(epochMs));
}
