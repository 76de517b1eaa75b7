import type { Page } from '@playwright/test';
import { z } from 'zod';

/**
 * Runs in the page before its own scripts: records each purchase row (the purchase list's or
 * History's, both marked with data-purchase-id and data-state) the first time it is on screen in
 * each state, as [purchase id, state, epoch ms]. A row counts once
 * it is in the document and inside the viewport at an animation frame, the frame that paints it;
 * rows the list keeps just out of view (its overscan) do not. Only the rows a mutation touched are
 * read, once a frame, so the watch costs the page little while thousands of purchases change.
 * Self-contained: it is serialised into the page.
 */
export function installRowProbe(): void {
  const seen: [string, string, number][] = [];
  const known = new Set<string>();
  const pending = new Set<Element>();
  let framed = false;
  const rowOf = (node: Node): Element | null => (node instanceof Element ? node : node.parentElement)?.closest('[data-purchase-id][data-state]') ?? null;
  const read = (): void => {
    framed = false;
    const at = performance.timeOrigin + performance.now();
    const height = window.innerHeight;
    for (const row of pending) {
      if (!row.isConnected) continue;
      const box = row.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= height) continue;
      const id = row.getAttribute('data-purchase-id') ?? '';
      const state = row.getAttribute('data-state') ?? '';
      const key = `${id} ${state}`;
      if (id === '' || state === '' || known.has(key)) continue;
      known.add(key);
      seen.push([id, state, at]);
    }
    pending.clear();
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const row = rowOf(record.target);
      if (row !== null) pending.add(row);
      for (const added of record.addedNodes) {
        if (!(added instanceof Element)) continue;
        if (added.matches('[data-purchase-id][data-state]')) pending.add(added);
        for (const inner of added.querySelectorAll('[data-purchase-id][data-state]')) pending.add(inner);
      }
    }
    if (!framed && pending.size > 0) {
      framed = true;
      requestAnimationFrame(read);
    }
  });
  // The document, not its body: this runs before the page has one.
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  Object.defineProperty(window, '__titledeskRows', { value: seen });
}

export const screenRowSchema = z.tuple([z.string(), z.string(), z.number()]);
export type ScreenRow = z.infer<typeof screenRowSchema>;

/** The rows the probe saw so far: [purchase id, state, epoch ms], in the order they reached the screen. */
export async function readScreenRows(page: Page): Promise<ScreenRow[]> {
  const raw: unknown = await page.evaluate((): unknown => Reflect.get(window, '__titledeskRows'));
  return z.array(screenRowSchema).parse(raw);
}
