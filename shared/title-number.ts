/**
 * England & Wales title numbers: a registry prefix of one to three letters followed by up to six
 * digits (DN123456, TGL312172, MM786, WM990994, CYM12345).
 */
const titleNumberPattern = /^[A-Z]{1,3}[0-9]{1,6}$/;

/** True for a title number already in canonical form (upper case, no whitespace). */
export function isTitleNumber(value: string): boolean {
  return titleNumberPattern.test(value);
}

/**
 * Canonical form of what a user typed: trimmed and upper-cased. Inner whitespace is removed too,
 * because title numbers are often written with a space between prefix and digits ("DN 123456").
 * The result may still not be a title number: check it with isTitleNumber.
 */
export function normalizeTitleNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
