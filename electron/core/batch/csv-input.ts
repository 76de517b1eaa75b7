import { CoreError } from '../errors.ts';
import { loadPapa } from './papa.ts';

/** The columns a batch understands; anything else is carried through to the output. */
export interface RecognisedColumns {
  readonly titleNumber?: string;
  readonly udprn?: string;
  readonly umrrn?: string;
  readonly address?: string;
  readonly postcode?: string;
  readonly building?: string;
}

export interface BatchInput {
  /** Header names as written in the file (BOM and surrounding spaces removed). */
  readonly columns: readonly string[];
  readonly recognised: RecognisedColumns;
  /** One record per data row, keyed by header name; every value a string. */
  readonly rows: readonly Record<string, string>[];
}

const aliases: Readonly<Record<keyof RecognisedColumns, readonly string[]>> = {
  titleNumber: ['title_number', 'title number', 'titlenumber', 'title'],
  udprn: ['udprn'],
  umrrn: ['umrrn'],
  address: ['address'],
  postcode: ['postcode', 'post code', 'postal code'],
  building: ['building', 'building number', 'building name', 'house'],
};

export const maxBatchRows = 50_000;

/** Which header names are the columns a batch understands (any case, with their aliases). */
export function recogniseColumns(columns: readonly string[]): RecognisedColumns {
  const found: Record<string, string> = {};
  for (const [key, names] of Object.entries(aliases)) {
    const column = columns.find((name) => names.includes(name.trim().toLowerCase()));
    if (column !== undefined) found[key] = column;
  }
  return found;
}

function describeColumns(recognised: RecognisedColumns): string | undefined {
  if (recognised.titleNumber !== undefined || recognised.udprn !== undefined || recognised.address !== undefined) return undefined;
  if (recognised.postcode !== undefined && recognised.building !== undefined) return undefined;
  return 'The file needs a title_number, udprn, address, or postcode and building column (any case).';
}

/**
 * Parses a CSV (or text pasted from a spreadsheet) with papaparse: quoted fields, embedded
 * newlines and a BOM are handled by the parser, and the separator (`,` `;` or a tab) is detected
 * from the text rather than assumed. The first row is the header.
 */
export async function parseBatchCsv(text: string): Promise<BatchInput> {
  const Papa = await loadPapa();
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // A NUL is never in a spreadsheet's text: it is UTF-16 or UTF-32 read as UTF-8, which would
  // otherwise be refused for a missing column the file does have.
  if (body.includes('\u0000')) {
    throw new CoreError('validation', 'The file looks like UTF-16 or UTF-32 text without a byte-order mark, which cannot be read. Save it as CSV UTF-8 and try again.');
  }
  const parsed = Papa.parse<string[]>(body, { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes');
  if (fatal !== undefined) throw new CoreError('validation', `The file is not valid CSV: ${fatal.message} (row ${String((fatal.row ?? 0) + 1)}).`);
  const [header, ...data] = parsed.data;
  if (header === undefined) throw new CoreError('validation', 'The file is empty.');
  const columns = header.map((name, index) => name.trim() || `column_${String(index + 1)}`);
  if (new Set(columns.map((name) => name.toLowerCase())).size !== columns.length) {
    throw new CoreError('validation', 'Two columns of the file have the same name.');
  }
  const recognised = recogniseColumns(columns);
  const problem = describeColumns(recognised);
  if (problem !== undefined) throw new CoreError('validation', problem);
  if (data.length > maxBatchRows) throw new CoreError('validation', `A batch holds at most ${String(maxBatchRows)} rows.`);
  const rows = data.map((cells) => Object.fromEntries(columns.map((name, index) => [name, cells[index] ?? ''])));
  return { columns, recognised, rows };
}
