import { useEffect, useRef, type RefObject } from 'react';

/** Ctrl+Enter (⌘+Enter on a Mac) anywhere in a title's picker: what the bar's Buy button does. */
export function isBuyShortcut(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/**
 * Listens on the title's picker around the bar, so the shortcut works from a ticked checkbox, the
 * filter or the bar itself, and not in another title's picker (hidden ones get no key events).
 */
export function useBuyShortcut(bar: RefObject<HTMLElement | null>, onBuy: () => void): void {
  const latest = useRef(onBuy);
  useEffect(() => { latest.current = onBuy; });
  useEffect(() => {
    const scope = bar.current?.closest<HTMLElement>('.variable-picker');
    if (scope === null || scope === undefined) return undefined;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || !isBuyShortcut(event)) return;
      event.preventDefault();
      latest.current();
    };
    scope.addEventListener('keydown', onKeyDown);
    return () => { scope.removeEventListener('keydown', onKeyDown); };
  }, [bar]);
}
