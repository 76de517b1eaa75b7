import { purchaseAddressLine, purchaseAddressSchema } from '../../../shared/purchase/purchase.ts';
import { recogniseColumns } from './csv-input.ts';

/**
 * The address a batch row names (its address column, or its building and postcode), kept on the
 * row's purchase so the purchase list and History show where it came from, as for a purchase made
 * from an address card. Undefined when the row names none or the text is not a usable line.
 */
export function rowAddress(input: Readonly<Record<string, string>>): string | undefined {
  const columns = recogniseColumns(Object.keys(input));
  const cell = (name: string | undefined): string => (name === undefined ? '' : (input[name] ?? '').trim());
  const address = cell(columns.address);
  const building = cell(columns.building);
  const postcode = cell(columns.postcode);
  const parts = address !== '' ? [address] : building !== '' && postcode !== '' ? [building, postcode] : [];
  const line = purchaseAddressLine(parts);
  return line === undefined || !purchaseAddressSchema.safeParse(line).success ? undefined : line;
}
