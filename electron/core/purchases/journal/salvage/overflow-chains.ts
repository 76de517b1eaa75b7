/**
 * A row too long for its page keeps the start of its text there, then the number of its first
 * overflow page (4 bytes, big-endian); each overflow page starts with the number of the next (0 on
 * the last) and holds the text's next part. A batch line over about 1,000 bytes (batch_items is
 * an index b-tree, whose rows keep less on their own page) is split this way, so a scan of raw
 * pages that stops where the text stops lost every such line. The raw pages, by number, let the
 * scan follow the chain (sqlite.org/fileformat2.html, "Cell Payload Overflow Pages").
 */
export class RawPages {
  readonly #file: Buffer;
  readonly #wal = new Map<number, Buffer>();
  readonly pageSize: number;

  /** `wal`: the file's WAL; its frames of the current generation (the header's salts) are newer than the file's pages. */
  constructor(file: Buffer, wal?: Buffer) {
    this.#file = file;
    const size = file.length >= 100 ? file.readUInt16BE(16) : 0;
    this.pageSize = size === 1 ? 65_536 : size >= 512 && (size & (size - 1)) === 0 ? size : 4096;
    if (wal === undefined || wal.length < 32 || wal.readUInt32BE(8) !== this.pageSize) return;
    const salts = wal.subarray(16, 24);
    for (let at = 32; at + 24 + this.pageSize <= wal.length; at += 24 + this.pageSize) {
      if (wal.subarray(at + 8, at + 16).equals(salts)) this.#wal.set(wal.readUInt32BE(at), wal.subarray(at + 24, at + 24 + this.pageSize));
    }
  }

  page(number: number): Buffer | undefined {
    if (number < 1) return undefined;
    const inWal = this.#wal.get(number);
    if (inWal !== undefined) return inWal;
    const end = number * this.pageSize;
    return end <= this.#file.length ? this.#file.subarray(end - this.pageSize, end) : undefined;
  }
}

/** A chain longer than this is taken for damage: 256 pages of 4 KiB is over a line's longest text. */
const maxOverflowPages = 256;

/**
 * The JSON object starting at `start` of `bytes`, whole, or undefined. Where its text meets a
 * byte no JSON text holds, it is taken for the end of the row's part on its page and, given
 * `pages`, followed on its overflow pages; the caller's parse and schema judge what comes back.
 */
export function objectAcrossPages(bytes: Buffer, start: number, pages: RawPages | undefined, maxBytes = 1_000_000): string | undefined {
  const parts: Buffer[] = [];
  let segment = bytes;
  let from = start;
  let i = start;
  // The next overflow page of the chain; undefined while still on the row's own page.
  let next: number | undefined;
  let hops = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  const jump = (page: number): boolean => {
    parts.push(segment.subarray(from, i));
    const found = hops < maxOverflowPages ? pages?.page(page) : undefined;
    if (found === undefined) return false;
    hops += 1;
    next = found.readUInt32BE(0);
    segment = found;
    from = i = 4;
    return true;
  };
  for (let read = 0; read < maxBytes; read += 1) {
    if (i >= segment.length) {
      // The end of an overflow page: on to the next, if there is one.
      if (next === undefined || next === 0 || !jump(next)) return undefined;
      continue;
    }
    const byte = segment[i] ?? 0;
    if (byte < 0x09) {
      // The row's own page ends here: its first overflow page's number follows (below 2^24, so it starts with 0).
      if (next !== undefined || i + 4 > segment.length || !jump(segment.readUInt32BE(i))) return undefined;
      continue;
    }
    if (escaped) escaped = false;
    else if (inString) {
      if (byte === 0x5c) escaped = true;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b) depth += 1;
    else if (byte === 0x7d) {
      depth -= 1;
      if (depth === 0) {
        parts.push(segment.subarray(from, i + 1));
        return Buffer.concat(parts).toString('utf8');
      }
    }
    i += 1;
  }
  return undefined;
}
