import { describe, expect, it } from 'vitest';
import { parseBatchCsv } from '../../../../electron/core/batch/csv-input.ts';
import { CoreError } from '../../../../electron/core/errors.ts';

async function codeOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    return error instanceof CoreError ? `${error.code}: ${error.message}` : String(error);
  }
  return 'parsed';
}

describe('parseBatchCsv', () => {
  it('detects ";" as the separator, strips the BOM and keeps quoted separators, quotes and newlines', async () => {
    const input = await parseBatchCsv('\uFEFFTITLE_Number;Notes\r\nDN1;"a; b, ""c""\nnext line"\r\nDN2;plain\r\n');
    expect(input.columns).toEqual(['TITLE_Number', 'Notes']);
    expect(input.recognised).toEqual({ titleNumber: 'TITLE_Number' });
    expect(input.rows).toEqual([{ TITLE_Number: 'DN1', Notes: 'a; b, "c"\nnext line' }, { TITLE_Number: 'DN2', Notes: 'plain' }]);
  });

  it('reads rows pasted from a spreadsheet (tabs) and recognises columns in any case', async () => {
    const input = await parseBatchCsv('Postcode\tBuilding\tUDPRN\tUMRRN\nLS23 6TR\t1\t\t\n\t\t14090317\t2\n');
    expect(input.recognised).toEqual({ postcode: 'Postcode', building: 'Building', udprn: 'UDPRN', umrrn: 'UMRRN' });
    expect(input.rows[1]).toEqual({ Postcode: '', Building: '', UDPRN: '14090317', UMRRN: '2' });
  });

  it('keeps "," as the separator when commas sit only inside quotes', async () => {
    const input = await parseBatchCsv('title_number,address\nDN1,"1 Mill Lane; Leeds"\n');
    expect(input.rows).toEqual([{ title_number: 'DN1', address: '1 Mill Lane; Leeds' }]);
  });

  it('refuses a file without a usable column, with duplicate headers, or empty', async () => {
    expect(await codeOf(() => parseBatchCsv('name,city\nA,B\n'))).toMatch(/^validation: The file needs a title_number/);
    expect(await codeOf(() => parseBatchCsv('postcode\nLS23 6TR\n'))).toMatch(/^validation: The file needs/);
    expect(await codeOf(() => parseBatchCsv('title_number,Title_Number\nA,B\n'))).toMatch(/^validation: Two columns/);
    expect(await codeOf(() => parseBatchCsv(''))).toMatch(/^validation: The file is empty/);
  });
});
