/**
 * Text files in and out. What it promises:
 *
 * - One CSV writer for every CSV TitleDesk writes, header included, with cells that could be read
 *   as formulas neutralised (csv.ts).
 * - A text file's bytes as a string, whatever Unicode encoding its byte-order mark names
 *   (text-file.ts).
 */
export { csvCell, csvDocument, neutraliseCsvText } from './csv.ts';
export { type DecodedText, decodeTextFile, detectEncoding, type TextEncodingName } from './text-file.ts';
