import type { HighlightRange } from '../../../shared/property/address.ts';

export interface TextSegment {
  readonly text: string;
  readonly matched: boolean;
}

/**
 * Splits text at the provider's highlight ranges (end exclusive). Ranges are outside data:
 * out-of-bounds, reversed and overlapping ones are clipped or merged rather than trusted.
 */
export function splitByRanges(text: string, ranges: readonly HighlightRange[]): TextSegment[] {
  const clipped = ranges
    .map(([start, end]): HighlightRange => [Math.max(0, Math.min(start, text.length)), Math.max(0, Math.min(end, text.length))])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const [start, end] of clipped) {
    if (end <= cursor) continue;
    const from = Math.max(start, cursor);
    if (from > cursor) segments.push({ text: text.slice(cursor, from), matched: false });
    const last = segments.at(-1);
    // Touching ranges read as one match.
    if (from === cursor && last?.matched === true) segments[segments.length - 1] = { text: last.text + text.slice(from, end), matched: true };
    else segments.push({ text: text.slice(from, end), matched: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), matched: false });
  return segments;
}

/** Text with its matched characters in <mark>. */
export function Highlighted({ text, ranges }: { readonly text: string; readonly ranges: readonly HighlightRange[] }) {
  return (
    <>
      {splitByRanges(text, ranges).map((segment, index) =>
        segment.matched ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </>
  );
}
