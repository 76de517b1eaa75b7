import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';

/** The address search box, wherever the Buy tab has put it. */
export const searchBoxSelector = '.address-search input';

/** Ctrl+K, or ⌘K on a Mac: the shortcut many apps give their search box. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/**
 * Ctrl/Cmd+K from anywhere in the window: `show` brings the search into view (the Buy tab), then
 * the box is focused with its text selected, ready to be typed over.
 */
export function useSearchShortcut(show: () => void): void {
  const latest = useRef(show);
  useEffect(() => { latest.current = show; });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (!isSearchShortcut(event) || event.defaultPrevented) return;
      event.preventDefault();
      // Rendered at once, so a box in a hidden tab is visible (and focusable) on the next line.
      flushSync(() => { latest.current(); });
      const box = document.querySelector<HTMLInputElement>(searchBoxSelector);
      box?.focus();
      box?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => { document.removeEventListener('keydown', onKeyDown); };
  }, []);
}
