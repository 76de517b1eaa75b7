import { normalizeTitleNumber } from './title-number.ts';

/**
 * Whether what was typed in the one search box is worth offering as "Open title X". The service
 * decides whether a title exists; this only keeps obvious non-titles out of the suggestions.
 * A plausible title number is 1–12 letters or digits with at least one digit, and not a postcode
 * district ("LS23"), a postcode being typed ("LS23 6T") or a whole postcode ("LS236TR"), which
 * the same box searches as addresses.
 */
const titleShape = /^(?=.*[0-9])[A-Z0-9]{1,12}$/;
const postcodeDistrict = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;
const wholePostcode = /^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/;
const postcodeBeingTyped = /^[A-Z]{1,2}[0-9][A-Z0-9]?\s+[0-9][A-Z]{0,2}$/i;

export function isPlausibleTitleNumber(typed: string): boolean {
  if (postcodeBeingTyped.test(typed.trim())) return false;
  const value = normalizeTitleNumber(typed);
  return titleShape.test(value) && !postcodeDistrict.test(value) && !wholePostcode.test(value);
}
