import { durationWords, parseDuration as readDuration } from '../../../../shared/team/team-duration.ts';
import { UsageError } from '../../command-kit.ts';

/** Durations and times of the team's settings, in the words the team commands print and read. */

/**
 * A flag's duration as whole seconds (shared/team/team-duration.ts reads it: "7d", "12h", "15m",
 * "90s", "1h30m", "1 day 12 hours"); a bad one is a usage error that names the flag.
 */
export function parseDuration(text: string, flag: string, maxSeconds?: number): number {
  const reading = readDuration(text, maxSeconds);
  if (reading.ok) return reading.seconds;
  const given = JSON.stringify(text);
  switch (reading.problem) {
    case 'no-unit':
      throw new UsageError(`${flag} takes a duration such as 7d, 12h, 15m or 90s, not ${given}: a number alone could be seconds or minutes`);
    case 'too-long':
      throw new UsageError(`${flag} ${given} is too long${maxSeconds === undefined ? '' : `: at most ${durationWords(maxSeconds)}`}`);
    case 'not-a-duration':
      throw new UsageError(`${flag} takes a duration such as 7d, 12h, 15m or 90s (or a sum, 1h30m), not ${given}`);
  }
}

/** HH:MM on this computer's clock. */
export function hourMinute(at: number): string {
  return new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
}
