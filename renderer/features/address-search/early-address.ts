/**
 * index.html has an address box of its own, so typing can start at the first paint, while the
 * bundle is still being parsed. React replaces it in its first commit; the app's box then starts
 * with what it held (text, caret, focus), read here once.
 */
export interface EarlyAddress {
  readonly text: string;
  readonly selectionStart: number | null;
  readonly selectionEnd: number | null;
  readonly focused: boolean;
}

/** index.html's box: the id is the one place the two agree on. */
export const earlyAddressId = 'early-address';

let kept: EarlyAddress | undefined;

/**
 * The early box's state: read from the box while it is on the page, else as last read (the
 * first screen may be an error with Try again, which replaces the box before any address box
 * is rendered). Reading has no effect, so a render may call it any number of times.
 */
export function readEarlyAddress(document: Document): EarlyAddress | undefined {
  const box = document.getElementById(earlyAddressId);
  if (box instanceof HTMLInputElement) {
    kept = { text: box.value, selectionStart: box.selectionStart, selectionEnd: box.selectionEnd, focused: document.activeElement === box };
  }
  return kept;
}

/** Called once the app's box holds it: a box rendered later starts empty. */
export function forgetEarlyAddress(): void {
  kept = undefined;
}
