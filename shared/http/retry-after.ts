/**
 * Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Dates are parsed with the
 * grammar of §5.6.7 (IMF-fixdate plus the obsolete rfc850-date and asctime-date that recipients
 * must accept), never with Date.parse, which accepts far more than HTTP allows and differs
 * between engines.
 */

const dayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const longDayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const dayName = dayNames.join('|');
const longDayName = longDayNames.join('|');
const month = monthNames.join('|');
const time = '([0-9]{2}):([0-9]{2}):([0-9]{2})';

// Names are case-sensitive in the grammar ("Sun", "GMT"); matching them exactly rejects look-alikes.
const imfFixdate = new RegExp(`^(?:${dayName}), ([0-9]{2}) (${month}) ([0-9]{4}) ${time} GMT$`);
const rfc850Date = new RegExp(`^(?:${longDayName}), ([0-9]{2})-(${month})-([0-9]{2}) ${time} GMT$`);
const asctimeDate = new RegExp(`^(?:${dayName}) (${month}) ([0-9]{2}| [0-9]) ${time} ([0-9]{4})$`);
const delaySeconds = /^[0-9]+$/;

interface DateParts {
  readonly year: number;
  readonly month: string;
  readonly day: string;
  readonly hour: string;
  readonly minute: string;
  readonly second: string;
}

/** Builds the instant, rejecting fields out of range (31 Feb, 25:00:00) rather than rolling them over. */
function toEpochMs(parts: DateParts): number | undefined {
  const monthIndex = monthNames.findIndex((name) => name === parts.month);
  const day = Number(parts.day.trim());
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  // 60 is allowed for a leap second; it counts as the last second of the minute.
  const second = Math.min(Number(parts.second), 59);
  if (monthIndex < 0 || hour > 23 || minute > 59 || Number(parts.second) > 60) return undefined;
  const date = new Date(Date.UTC(parts.year, monthIndex, day, hour, minute, second));
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear keeps the year as written.
  date.setUTCFullYear(parts.year, monthIndex, day);
  if (date.getUTCMonth() !== monthIndex || date.getUTCDate() !== day) return undefined;
  return date.getTime();
}

/**
 * rfc850-date carries two year digits. RFC 9110: a year that appears to be more than 50 years in
 * the future is the most recent past year with the same last two digits.
 */
function fullYearFromTwoDigits(twoDigits: number, nowMs: number): number {
  const nowYear = new Date(nowMs).getUTCFullYear();
  let year = Math.floor(nowYear / 100) * 100 + twoDigits;
  if (year > nowYear + 50) year -= 100;
  return year;
}

function matchParts(value: string, nowMs: number): DateParts | undefined {
  const imf = imfFixdate.exec(value);
  if (imf) {
    const [, day = '', mon = '', year = '', hour = '', minute = '', second = ''] = imf;
    return { year: Number(year), month: mon, day, hour, minute, second };
  }
  const rfc850 = rfc850Date.exec(value);
  if (rfc850) {
    const [, day = '', mon = '', year = '', hour = '', minute = '', second = ''] = rfc850;
    return { year: fullYearFromTwoDigits(Number(year), nowMs), month: mon, day, hour, minute, second };
  }
  const asctime = asctimeDate.exec(value);
  if (asctime) {
    const [, mon = '', day = '', hour = '', minute = '', second = '', year = ''] = asctime;
    return { year: Number(year), month: mon, day, hour, minute, second };
  }
  return undefined;
}

/**
 * Parses an HTTP-date to epoch milliseconds, or undefined when the text is not one.
 * `nowMs` only matters for the two-digit years of rfc850-date.
 */
export function parseHttpDate(value: string, nowMs: number = Date.now()): number | undefined {
  const parts = matchParts(value.trim(), nowMs);
  return parts === undefined ? undefined : toEpochMs(parts);
}

/**
 * The delay a Retry-After value asks for, in milliseconds from `nowMs` (never negative: a date
 * in the past means "now"). Undefined when the header is absent or not valid, so callers fall
 * back to their own policy instead of trusting a guess.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (delaySeconds.test(trimmed)) {
    const seconds = Number(trimmed);
    return Number.isSafeInteger(seconds * 1000) ? seconds * 1000 : undefined;
  }
  const at = parseHttpDate(trimmed, nowMs);
  return at === undefined ? undefined : Math.max(0, at - nowMs);
}

/**
 * Retry-After read against the answer's own Date header (RFC 9110 §10.2.3 counts an HTTP-date
 * on the server's clock): a client whose clock is off still waits as long as the server meant.
 * Without a valid Date header the date is read against `receivedAt`.
 */
export function retryAfterDelayMs(value: string | null | undefined, dateHeader: string | null | undefined, receivedAt: number): number | undefined {
  const serverNow = dateHeader === null || dateHeader === undefined ? undefined : parseHttpDate(dateHeader, receivedAt);
  return parseRetryAfter(value, serverNow ?? receivedAt);
}
