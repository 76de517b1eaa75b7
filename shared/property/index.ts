/**
 * How a property is found and named. What it promises:
 *
 * - England & Wales title numbers, normalised and checked, and whether a search box's text is
 *   worth offering as a title (title-number.ts, plausible-title-number.ts).
 * - The service's property address key, base36(UDPRN)·base36(UMRRN) (address-key.ts).
 * - Address search: candidates with the ranges to bold, and the titles of an address
 *   (address.ts); whole UK postcodes as typed (postcode.ts).
 */
export { type AddressKeyParts, addressKeySeparator, formatAddressKey, parseAddressKey } from './address-key.ts';
export { type AddressCandidate, addressCandidateSchema, type AddressFindRequest, addressFindRequestSchema, type AddressFindResult, addressFindResultSchema, type AddressRetrieveRequest, addressRetrieveRequestSchema, type AddressRetrieveResult, addressRetrieveResultSchema, type AddressTitle, addressTitleSchema, type HighlightRange, highlightRangeSchema, type ServiceAddressLookup, serviceAddressLookupSchema, tenureSchema } from './address.ts';
export { isPlausibleTitleNumber } from './plausible-title-number.ts';
export { freeTextNeedsProviderKey, isWholePostcode, normalizePostcode, postcodeOnlyNote } from './postcode.ts';
export { isTitleNumber, isUsualTitleNumber, normalizeTitleNumber, titleNumberHint, titleNumberMaxLength, titleNumberRefusal, titleNumberSchema } from './title-number.ts';
