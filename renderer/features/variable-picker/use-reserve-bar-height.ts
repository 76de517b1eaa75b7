import { useEffect, useRef } from 'react';

/**
 * Keeps the sticky Buy bar from covering what has keyboard focus. The bar's height is published
 * on its scrolling container as --buy-bar-height (its scroll-padding-bottom, for scrolls the
 * browser makes), and a control focused under the bar is scrolled up above it: browsers scroll
 * a focused element into the scrollport, which the bar overlaps.
 */
export function useReserveBarHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const bar = ref.current;
    if (bar === null) return undefined;
    const container = bar.closest<HTMLElement>('main.workspace');
    if (container === null) return undefined;
    // A bar of a title not shown measures 0: only the one in view speaks for the container.
    const publish = (): void => {
      if (bar.offsetHeight > 0) container.style.setProperty('--buy-bar-height', `${String(bar.offsetHeight)}px`);
    };
    const uncover = (event: FocusEvent): void => {
      const target = event.target;
      if (bar.offsetHeight === 0 || !(target instanceof HTMLElement) || bar.contains(target)) return;
      if (!bar.parentElement?.contains(target)) return;
      const overlap = target.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
      if (overlap > 0) container.scrollBy({ top: overlap + 8 });
    };
    publish();
    // Every browser has ResizeObserver; a test DOM (jsdom) may not, and then the first size stands.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    observer?.observe(bar);
    container.addEventListener('focusin', uncover);
    return () => {
      observer?.disconnect();
      container.removeEventListener('focusin', uncover);
    };
  }, []);
  return ref;
}
