/**
 * The durations of a team's settings (the reuse window, the claim timeout): one way to read them
 * and one way to say them, for the CLI's flags and output, Settings → Team and the team test alike.
 */

interface Unit {
  readonly seconds: number;
  /** How it is written when read (lower case). */
  readonly names: readonly string[];
  /** How it is said: one, and more than one. */
  readonly said: readonly [string, string];
}

const units: readonly Unit[] = [
  { seconds: 86_400, names: ['d', 'day', 'days'], said: ['day', 'days'] },
  { seconds: 3_600, names: ['h', 'hr', 'hrs', 'hour', 'hours'], said: ['hour', 'hours'] },
  { seconds: 60, names: ['m', 'min', 'mins', 'minute', 'minutes'], said: ['min', 'min'] },
  { seconds: 1, names: ['s', 'sec', 'secs', 'second', 'seconds'], said: ['s', 's'] },
];

/**
 * Why a text is not a duration: none at all, a number without a unit (15 could mean seconds or
 * minutes, and a claim timeout read the wrong way is costly either way), or longer than allowed.
 */
export type DurationProblem = 'not-a-duration' | 'no-unit' | 'too-long';

export type DurationReading = { readonly ok: true; readonly seconds: number } | { readonly ok: false; readonly problem: DurationProblem };

/**
 * "90s", "15 min", "2h", "30 days", or a sum of them ("1h30m", "1 day 12 hours") as whole seconds;
 * any case, spaces optional. What durationWords says reads back as the same seconds.
 */
export function parseDuration(text: string, maxSeconds: number = Number.MAX_SAFE_INTEGER): DurationReading {
  const trimmed = text.trim().toLowerCase();
  if (/^\d+$/.test(trimmed)) return { ok: false, problem: 'no-unit' };
  if (trimmed === '') return { ok: false, problem: 'not-a-duration' };
  const term = /(\d+)\s*([a-z]+)\s*/y;
  let seconds = 0;
  while (term.lastIndex < trimmed.length) {
    const match = term.exec(trimmed);
    const unit = match === null ? undefined : units.find((candidate) => candidate.names.includes(match[2] ?? ''));
    if (match === null || unit === undefined) return { ok: false, problem: 'not-a-duration' };
    seconds += Number(match[1]) * unit.seconds;
  }
  if (!Number.isSafeInteger(seconds) || seconds > maxSeconds) return { ok: false, problem: 'too-long' };
  return { ok: true, seconds };
}

/** Whole seconds from days down, leaving out zeros: "30 days", "1 day 12 hours", "15 min", "1 min 30 s", "0 s". */
export function durationWords(seconds: number): string {
  let rest = Math.max(0, Math.round(seconds));
  if (rest === 0) return '0 s';
  const parts: string[] = [];
  for (const unit of units) {
    const count = Math.floor(rest / unit.seconds);
    rest %= unit.seconds;
    if (count > 0) parts.push(`${String(count)} ${unit.said[count === 1 ? 0 : 1]}`);
  }
  return parts.join(' ');
}
