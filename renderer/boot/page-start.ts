import { startPage } from './host-start.ts';

/**
 * The page's first script: an entry of its own, ahead of the main bundle in index.html
 * (build/page-start-entry.ts), and main.tsx's first import. The environment list is on its way
 * while React and the schemas are still being set up.
 */
export const pageStart = startPage(window);
