import { z } from 'zod';

/** `start-end` ranges (end exclusive) into a candidate's text and description, for bolding matches. */
export const highlightRangeSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
export type HighlightRange = z.infer<typeof highlightRangeSchema>;

/** One Find result as the UI shows it. */
export const addressCandidateSchema = z.object({
  id: z.string(),
  type: z.string(),
  text: z.string(),
  description: z.string(),
  /** Anything but an Address is a container (a street, a building): Find again inside it. */
  isContainer: z.boolean(),
  highlight: z.object({ text: z.array(highlightRangeSchema), description: z.array(highlightRangeSchema) }),
});
export type AddressCandidate = z.infer<typeof addressCandidateSchema>;

export const addressFindRequestSchema = z.object({
  text: z.string().trim().min(1).max(200),
  container: z.string().min(1).max(300).optional(),
});
export type AddressFindRequest = z.infer<typeof addressFindRequestSchema>;

export const addressFindResultSchema = z.object({
  candidates: z.array(addressCandidateSchema),
  /** Said beside the suggestions, e.g. that they come from the service's postcode search (no provider key). */
  note: z.string().optional(),
});
export type AddressFindResult = z.infer<typeof addressFindResultSchema>;

export const addressRetrieveRequestSchema = z.object({ id: z.string().min(1).max(300) });
export type AddressRetrieveRequest = z.infer<typeof addressRetrieveRequestSchema>;

export const tenureSchema = z.string().min(1).max(50);

export const addressTitleSchema = z.object({ titleNumber: z.string(), tenure: tenureSchema });
export type AddressTitle = z.infer<typeof addressTitleSchema>;

/** What the service's addresses endpoint told us about the key; failures do not void the paid Retrieve. */
export const serviceAddressLookupSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('found'), addressIri: z.string() }),
  z.object({ status: z.literal('not_found') }),
  z.object({ status: z.literal('skipped'), reason: z.string() }),
  z.object({ status: z.literal('failed'), code: z.string(), message: z.string() }),
]);
export type ServiceAddressLookup = z.infer<typeof serviceAddressLookupSchema>;

export const addressRetrieveResultSchema = z.object({
  /** Every field of the provider's record, as text. */
  record: z.record(z.string(), z.string()),
  /** The provider's Label, one line per entry. */
  label: z.array(z.string()),
  udprn: z.number().int().nullable(),
  umrrn: z.number().int().nullable(),
  /** Why udprn or umrrn is null, e.g. the provider account lacks the multi-residency option. */
  unavailableReason: z.string().nullable(),
  /** The service's property address key, or null without a UDPRN. */
  addressKey: z.string().nullable(),
  /** 'delivery-point' when the UMRRN was unavailable and the key assumes UMRRN 0 (the building). */
  keyPrecision: z.enum(['exact', 'delivery-point']).nullable(),
  uprn: z.string().nullable(),
  titles: z.array(addressTitleSchema),
  service: serviceAddressLookupSchema,
});
export type AddressRetrieveResult = z.infer<typeof addressRetrieveResultSchema>;
