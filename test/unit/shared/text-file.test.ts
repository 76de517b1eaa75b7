import { describe, expect, it } from 'vitest';
import { parseBatchCsv } from '../../../electron/core/batch/csv-input.ts';
import { decodeTextFile } from '../../../shared/files/text-file.ts';

/** A spreadsheet's export, with a non-ASCII cell and one outside the Basic Multilingual Plane. */
const csv = 'title_number,note\r\nDN123456,£5 ⋯ 🏠\r\n';

function utf16(text: string, littleEndian: boolean): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0xfeff, littleEndian);
  for (let index = 0; index < text.length; index += 1) view.setUint16(2 + index * 2, text.charCodeAt(index), littleEndian);
  return bytes;
}

function utf32(text: string, littleEndian: boolean): Uint8Array {
  const points = [0xfeff, ...Array.from(text, (char) => char.codePointAt(0) ?? 0)];
  const bytes = new Uint8Array(points.length * 4);
  const view = new DataView(bytes.buffer);
  points.forEach((point, index) => { view.setUint32(index * 4, point, littleEndian); });
  return bytes;
}

const utf8 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));

describe('a text file in any Unicode encoding its byte-order mark names', () => {
  it.each([
    ['UTF-8 without a mark', utf8(csv), 'UTF-8'],
    ['UTF-8 with a mark', utf8(`\uFEFF${csv}`), 'UTF-8'],
    ['UTF-16LE', utf16(csv, true), 'UTF-16LE'],
    ['UTF-16BE', utf16(csv, false), 'UTF-16BE'],
    ['UTF-32LE', utf32(csv, true), 'UTF-32LE'],
    ['UTF-32BE', utf32(csv, false), 'UTF-32BE'],
  ])('reads %s, and the batch finds its title_number column', async (_name, bytes, encoding) => {
    const decoded = decodeTextFile(bytes);
    expect(decoded).toEqual({ ok: true, text: csv, encoding });
    const input = await parseBatchCsv(decoded.ok ? decoded.text : '');
    expect(input.recognised.titleNumber).toBe('title_number');
    expect(input.rows).toEqual([{ title_number: 'DN123456', note: '£5 ⋯ 🏠' }]);
  });

  it('reads a UTF-32 file longer than one conversion slice', () => {
    const long = `title_number\r\n${'DN1\r\n'.repeat(10_000)}`;
    expect(decodeTextFile(utf32(long, true))).toMatchObject({ ok: true, text: long });
  });

  it('names UTF-32 when the file cannot be read as it', () => {
    const broken = utf32(csv, true);
    new DataView(broken.buffer).setUint32(8, 0x110000, true);
    expect(decodeTextFile(broken)).toEqual({ ok: false, message: expect.stringContaining('UTF-32LE') as unknown });
    expect(decodeTextFile(utf32(csv, false).subarray(0, 10))).toEqual({ ok: false, message: expect.stringContaining('UTF-32BE') as unknown });
  });

  it('refuses a UTF-16 file cut in the middle of a character, by name', () => {
    expect(decodeTextFile(utf16(csv, true).subarray(0, 9))).toEqual({ ok: false, message: expect.stringContaining('UTF-16LE') as unknown });
  });

  it('says the encoding, not a missing column, for UTF-16 read as UTF-8 (no mark)', async () => {
    const garbled = Buffer.from(utf16(csv, true).subarray(2)).toString('utf8');
    await expect(parseBatchCsv(garbled)).rejects.toThrow(/UTF-16 or UTF-32/);
  });
});
