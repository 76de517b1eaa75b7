import { formatClockTime, formatDateTime } from '../../../format-time.ts';

/** A duration as the panel says it: "30 days", "15 min", "90 s". */
export function durationWords(seconds: number): string {
  if (seconds >= 86_400 && seconds % 86_400 === 0) return `${String(seconds / 86_400)} ${seconds === 86_400 ? 'day' : 'days'}`;
  if (seconds >= 3600 && seconds % 3600 === 0) return `${String(seconds / 3600)} h`;
  if (seconds >= 60 && seconds % 60 === 0) return `${String(seconds / 60)} min`;
  return `${String(seconds)} s`;
}

const units: readonly (readonly [RegExp, number])[] = [
  [/^(s|sec|secs|seconds?)$/, 1],
  [/^(m|min|mins|minutes?)$/, 60],
  [/^(h|hr|hrs|hours?)$/, 3600],
  [/^(d|days?)$/, 86_400],
];

/** "90 s", "15 min", "2 h", "30 days" (a unit is needed: a bare number could mean any of them). */
export function parseDuration(text: string, what: string, maxSeconds: number): { ok: true; seconds: number } | { ok: false; message: string } {
  const match = /^(\d{1,7})\s*([a-z]+)$/i.exec(text.trim());
  const unit = match === null ? undefined : units.find(([pattern]) => pattern.test((match[2] ?? '').toLowerCase()));
  if (match === null || unit === undefined) return { ok: false, message: `Give the ${what} as a number and a unit: 90 s, 15 min, 2 h or 30 days.` };
  const seconds = Number(match[1]) * unit[1];
  if (seconds > maxSeconds) return { ok: false, message: `The ${what} is at most ${durationWords(maxSeconds)}.` };
  return { ok: true, seconds };
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
