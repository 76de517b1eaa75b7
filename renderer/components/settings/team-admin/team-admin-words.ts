import { durationWords, parseDuration as readDuration } from '../../../../shared/team/team-duration.ts';
import { formatClockTime, formatDateTime } from '../../../format-time.ts';

/**
 * A setting's duration typed in the panel as whole seconds (shared/team/team-duration.ts reads it:
 * "90 s", "15 min", "2 h", "30 days", "1 day 12 hours"), or what is wrong with it, in words.
 */
export function parseDuration(text: string, what: string, maxSeconds: number): { ok: true; seconds: number } | { ok: false; message: string } {
  const reading = readDuration(text, maxSeconds);
  if (reading.ok) return reading;
  switch (reading.problem) {
    case 'no-unit':
      return { ok: false, message: `Give the ${what} as a number and a unit: ${text.trim()} alone could be seconds or minutes (${text.trim()} s, ${text.trim()} min).` };
    case 'too-long':
      return { ok: false, message: `The ${what} is at most ${durationWords(maxSeconds)}.` };
    case 'not-a-duration':
      return { ok: false, message: `Give the ${what} as a number and a unit: 90 s, 15 min, 2 h or 30 days (or a sum, 1 h 30 min).` };
  }
}

/** "in 3 min", "in 40 s": how long until a time, for a button that waits for it. */
export function timeUntil(at: number, now: number): string {
  const seconds = Math.max(1, Math.ceil((at - now) / 1000));
  if (seconds < 60) return `in ${String(seconds)} s`;
  if (seconds < 5400) return `in ${String(Math.ceil(seconds / 60))} min`;
  return `in ${String(Math.round(seconds / 3600))} h`;
}

/** HH:MM today; the date too for anything not today. */
export function whenWords(at: number, now: number): string {
  return new Date(at).toDateString() === new Date(now).toDateString() ? formatClockTime(at) : formatDateTime(at);
}

export const roleWords = {
  analyst: 'analyst: buys, sees the team’s purchases',
  support: 'support: sees and re-checks, releases waiting purchases',
  admin: 'admin: budgets, settings, desks',
} as const;
