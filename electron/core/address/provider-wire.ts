import { z } from 'zod';
import type { AddressCandidate, HighlightRange } from '../../../shared/property/address.ts';
import { CoreError } from '../errors.ts';
import { parseJson } from '../http/json.ts';
import { providerErrorCode } from '../../../shared/errors/provider-errors.ts';

/** Loqate reports failures as an item with an Error code, at HTTP 200. */
const errorItemSchema = z.object({
  Error: z.union([z.string(), z.number()]).transform(String),
  Description: z.string().catch(''),
  Cause: z.string().catch(''),
  Resolution: z.string().catch(''),
});

const findItemSchema = z.object({
  Id: z.string().min(1),
  Type: z.string(),
  Text: z.string(),
  Highlight: z.string().catch(''),
  Description: z.string().catch(''),
});

// json3 wraps the list as {"Items": […]}; plain json sends the bare array.
const envelopeSchema = z.union([z.object({ Items: z.array(z.unknown()) }).transform((body) => body.Items), z.array(z.unknown())]);

/** The provider's error item as a CoreError whose code says which account error it is (see shared/errors/provider-errors.ts). */
function providerError(item: z.infer<typeof errorItemSchema>): CoreError {
  const provider = { error: item.Error, description: item.Description, cause: item.Cause, resolution: item.Resolution };
  const said = item.Description.trim().replace(/\.$/, '');
  // The number stays in the message: it is what the provider's support asks for.
  const message = said === '' ? `Address provider error ${item.Error}.` : `Address provider error ${item.Error}: ${said}.`;
  return new CoreError(providerErrorCode(provider), message, { detail: item.Resolution, provider });
}

/** The items of a provider answer, or the provider's own error as a CoreError with a provider_* code. */
export function providerItems(body: string): unknown[] {
  const items = envelopeSchema.safeParse(parseJson(body));
  if (!items.success) throw new CoreError('protocol', 'The address provider answered with an unexpected document.');
  for (const item of items.data) {
    const error = errorItemSchema.safeParse(item);
    if (error.success) throw providerError(error.data);
  }
  return items.data;
}

/** `start-end` (end exclusive), or a single position `7`: Loqate writes a one-character match so. */
function parseRanges(text: string | undefined): HighlightRange[] {
  if (text === undefined || text === '') return [];
  const ranges: HighlightRange[] = [];
  for (const part of text.split(',')) {
    const match = /^\s*(\d+)(?:-(\d+))?\s*$/.exec(part);
    if (match?.[1] === undefined) continue;
    const start = Number(match[1]);
    const end = match[2] === undefined ? start + 1 : Number(match[2]);
    if (end > start) ranges.push([start, end]);
  }
  return ranges;
}

/** `0-2,6-10;0-3` (or single positions, `7`): ranges into Text, then after `;` into Description; end exclusive. */
export function parseHighlight(highlight: string): AddressCandidate['highlight'] {
  const [textPart, descriptionPart] = highlight.split(';');
  return { text: parseRanges(textPart), description: parseRanges(descriptionPart) };
}

export function parseFindItems(body: string): AddressCandidate[] {
  const items = providerItems(body);
  const parsed = z.array(findItemSchema).safeParse(items);
  if (!parsed.success) throw new CoreError('protocol', 'The address provider sent a Find item without Id, Type or Text.');
  return parsed.data.map((item) => ({
    id: item.Id,
    type: item.Type,
    text: item.Text,
    description: item.Description,
    isContainer: item.Type !== 'Address',
    highlight: parseHighlight(item.Highlight),
  }));
}

// Retrieve fields are strings except CountryIsoNumber; anything else (null, objects) is dropped.
const recordSchema = z.record(z.string(), z.unknown()).transform((raw) => {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'string') record[name] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) record[name] = String(value);
  }
  return record;
});

/** The first record of a Retrieve answer (Loqate may add one per language). */
export function parseRetrieveRecord(body: string): Record<string, string> {
  const first = providerItems(body)[0];
  const parsed = recordSchema.safeParse(first);
  if (!parsed.success || parsed.data.Id === undefined) {
    throw new CoreError('protocol', 'The address provider returned no address record.');
  }
  return parsed.data;
}

/** A UDPRN or UMRRN field: digits only, else null. */
export function parseIdentifier(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  return /^\d{1,12}$/.test(text) ? Number(text) : null;
}
