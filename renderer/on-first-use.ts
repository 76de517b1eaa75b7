/**
 * A value made when first asked for, then kept. For Intl formatters above all: a page's first
 * Intl date formatter costs about 20 ms (the locale's data is loaded then), which at module scope
 * fell on the way to the first screen even when that screen formats no date.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
