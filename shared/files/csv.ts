/**
 * The one CSV writer for every CSV TitleDesk writes (batch output, purchase and History exports),
 * header included: cells come from services, providers and users' own files, so none may be
 * read back as a spreadsheet formula.
 */

/**
 * A spreadsheet opens a cell starting with = + - @ (or their full-width forms, which some
 * locales accept) or a tab/CR/LF as a formula; such a text cell gets a leading apostrophe unless
 * it is plainly a number, which no spreadsheet evaluates.
 */
const formulaStart = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
const plainNumber = /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/;

export function neutraliseCsvText(value: string): string {
  return formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
}

/** One field: numbers as written; text neutralised, then quoted when it must be (RFC 4180). */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = neutraliseCsvText(value);
  // Leading or trailing spaces are quoted too: some readers trim them from a bare field.
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Excel reads a CSV without a byte-order mark as the system code page and mangles "£" and "⋯". */
const byteOrderMark = '\uFEFF';

/** A whole file: a UTF-8 byte-order mark, then CRLF line ends, as RFC 4180 and spreadsheets expect. */
export function csvDocument(rows: readonly (readonly (string | number)[])[]): string {
  return byteOrderMark + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
