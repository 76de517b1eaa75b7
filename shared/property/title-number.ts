import { z } from 'zod';

/**
 * England & Wales title numbers. Most are a registry prefix of one to three letters then up to
 * six digits (DN123456, TGL312172, MM786), but the register also holds titles from before
 * prefixes (digits only, 284789) and short-lived series (Z1Z). TitleDesk must never refuse a
 * number the service may accept, so it checks only characters and length and lets the service
 * decide (404 or 422); an unusual shape earns a hint, not a refusal.
 */
const titleNumberPattern = /^[A-Z0-9]{1,12}$/;
const usualTitleNumberPattern = /^[A-Z]{1,3}[0-9]{1,6}$/;

export const titleNumberMaxLength = 12;

/** True for a title number already in canonical form (upper case, no whitespace, 1–12 letters and digits). */
export function isTitleNumber(value: string): boolean {
  return titleNumberPattern.test(value);
}

/** True for the common modern shape: a county prefix then digits. */
export function isUsualTitleNumber(value: string): boolean {
  return usualTitleNumberPattern.test(value);
}

/**
 * Canonical form of what a user typed: trimmed and upper-cased. Inner whitespace is removed too,
 * because title numbers are often written with a space between prefix and digits ("DN 123456").
 * The result may still not be a title number: check it with isTitleNumber.
 */
export function normalizeTitleNumber(value: string): string {
  // Only the space people type between the prefix and the digits ("DN 123456") goes: spaces
  // elsewhere ("NOT A TITLE") are kept, so such text is refused rather than sent as one word.
  return value.trim().toUpperCase().replace(/^([A-Z]+)\s+(?=[0-9])/, '$1');
}

export const titleNumberRefusal = 'A title number is 1 to 12 letters and digits (e.g. DN123456 or 284789).';

/** What a user or script types, canonicalised; refused only when it cannot be a title number at all. */
export const titleNumberSchema = z
  .string()
  .max(64)
  .transform(normalizeTitleNumber)
  .pipe(z.string().regex(titleNumberPattern, titleNumberRefusal));

/**
 * A plain-words hint for a canonical title number of an unusual shape, or undefined for the
 * usual one. It never stops anything: the service is the judge.
 */
export function titleNumberHint(titleNumber: string): string | undefined {
  if (!isTitleNumber(titleNumber) || isUsualTitleNumber(titleNumber)) return undefined;
  if (/^[0-9]+$/.test(titleNumber)) {
    return `${titleNumber} has no county prefix: titles registered before prefixes are digits only. It is sent as typed; the service says whether it exists.`;
  }
  return `${titleNumber} is an unusual shape (most are 1–3 letters then digits, e.g. DN123456). It is sent as typed; the service says whether it exists.`;
}
