/** Values made on first use and not asked for yet: made in the browser's idle time by `makeWhenIdle`. */
const notYetMade: (() => unknown)[] = [];

/**
 * A value made when first asked for, then kept. For Intl formatters above all: a page's first
 * Intl date formatter is slow to make (the locale's data is loaded then), which at module scope
 * fell on the way to the first screen even when that screen formats no date
 * (docs/decisions/renderer/010-renderer-start.md).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  const get = (): T => (made ??= make());
  notYetMade.push(get);
  return get;
}

/**
 * Makes what is still waiting once the browser is idle after the first screen, so the cost falls
 * neither on start-up nor inside a busy render (the first rows of a thousand live purchases).
 */
export function makeWhenIdle(): void {
  requestIdleCallback(() => {
    for (const get of notYetMade.splice(0)) get();
  });
}
