import { UsageError } from '../command-kit.ts';

/** Durations and times of the team's settings, in the words the team commands print and read. */

const unitSeconds: Readonly<Record<string, number>> = { d: 86_400, h: 3_600, m: 60, s: 1 };

/**
 * "7d", "12h", "15m", "90s" or a sum of them ("1h30m") as whole seconds. A bare number is refused:
 * 15 could mean seconds or minutes, and a claim timeout read the wrong way is costly either way.
 */
export function parseDuration(text: string, flag: string): number {
  const trimmed = text.trim().toLowerCase();
  if (!/^(\d+[dhms])+$/.test(trimmed)) throw new UsageError(`${flag} takes a duration such as 7d, 12h, 15m or 90s, not ${JSON.stringify(text)}`);
  let seconds = 0;
  for (const [, amount = '0', unit = 's'] of trimmed.matchAll(/(\d+)([dhms])/g)) seconds += Number(amount) * (unitSeconds[unit] ?? 1);
  if (!Number.isSafeInteger(seconds)) throw new UsageError(`${flag} ${JSON.stringify(text)} is too long`);
  return seconds;
}

function plural(count: number, one: string): string {
  return `${String(count)} ${one}${count === 1 ? '' : 's'}`;
}

/** A duration from days (or from minutes) down to seconds, leaving out zeros: "1 day 12 hours", "90 min", "1 min 30 s". */
function durationWords(seconds: number, largest: 'day' | 'min'): string {
  if (seconds === 0) return '0 s';
  const parts: string[] = [];
  let rest = seconds;
  if (largest === 'day') {
    const days = Math.floor(rest / 86_400);
    const hours = Math.floor((rest % 86_400) / 3_600);
    if (days > 0) parts.push(plural(days, 'day'));
    if (hours > 0) parts.push(plural(hours, 'hour'));
    rest %= 3_600;
  }
  const minutes = Math.floor(rest / 60);
  if (minutes > 0) parts.push(`${String(minutes)} min`);
  if (rest % 60 > 0) parts.push(`${String(rest % 60)} s`);
  return parts.join(' ');
}

/** The reuse window in days and hours. */
export function reuseWindowWords(seconds: number): string {
  return durationWords(seconds, 'day');
}

/** The claim timeout in minutes. */
export function claimTimeoutWords(seconds: number): string {
  return durationWords(seconds, 'min');
}

/** HH:MM on this computer's clock. */
export function hourMinute(at: number): string {
  return new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
}
