/**
 * A text file's bytes as a string, whatever Unicode encoding its byte-order mark names: Excel's
 * "Unicode text" and many Windows tools write UTF-16, read as UTF-8 it is a row of NULs.
 */

/** The platform's WHATWG decoder (Node, browsers); declared here because shared/ takes no DOM or Node types. */
declare const TextDecoder: new (label: string) => { decode(input: Uint8Array): string };

export type TextEncodingName = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE';

export type DecodedText = { readonly ok: true; readonly text: string; readonly encoding: TextEncodingName } | { readonly ok: false; readonly message: string };

/** The encoding a byte-order mark names, and the mark's length; UTF-8 without one. UTF-32LE is tested before UTF-16LE, whose mark begins it. */
export function detectEncoding(bytes: Uint8Array): { readonly encoding: TextEncodingName; readonly markLength: number } {
  const [a, b, c, d] = bytes;
  if (a === 0xff && b === 0xfe && c === 0x00 && d === 0x00) return { encoding: 'UTF-32LE', markLength: 4 };
  if (a === 0x00 && b === 0x00 && c === 0xfe && d === 0xff) return { encoding: 'UTF-32BE', markLength: 4 };
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'UTF-8', markLength: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: 'UTF-16LE', markLength: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: 'UTF-16BE', markLength: 2 };
  return { encoding: 'UTF-8', markLength: 0 };
}

/** Decodes text in any of the encodings above; the byte-order mark is dropped. */
export function decodeTextFile(bytes: Uint8Array): DecodedText {
  const { encoding, markLength } = detectEncoding(bytes);
  const body = bytes.subarray(markLength);
  if (encoding === 'UTF-32LE' || encoding === 'UTF-32BE') return decodeUtf32(body, encoding);
  if ((encoding === 'UTF-16LE' || encoding === 'UTF-16BE') && body.length % 2 !== 0) {
    return { ok: false, message: `The file says it is ${encoding} but its length is odd: it is cut short or not ${encoding}. Save it as CSV UTF-8.` };
  }
  return { ok: true, text: new TextDecoder(encoding.toLowerCase()).decode(body), encoding };
}

/** The WHATWG decoders have no UTF-32, so it is read here; a unit that is no character refuses the file by name. */
function decodeUtf32(body: Uint8Array, encoding: 'UTF-32LE' | 'UTF-32BE'): DecodedText {
  const refusal = `The file is ${encoding} text that could not be read as such. Save it as CSV UTF-8 (or UTF-16) and try again.`;
  if (body.length % 4 !== 0) return { ok: false, message: refusal };
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const parts: string[] = [];
  let codePoints: number[] = [];
  for (let offset = 0; offset < body.length; offset += 4) {
    const codePoint = view.getUint32(offset, encoding === 'UTF-32LE');
    if (codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return { ok: false, message: refusal };
    codePoints.push(codePoint);
    // Converted in slices: one call with millions of arguments would overflow the stack.
    if (codePoints.length === 8192) {
      parts.push(String.fromCodePoint(...codePoints));
      codePoints = [];
    }
  }
  parts.push(String.fromCodePoint(...codePoints));
  return { ok: true, text: parts.join(''), encoding };
}
