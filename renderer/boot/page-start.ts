import { startPage } from './host-start.ts';

/**
 * Evaluated first of all the bundle's modules (main.tsx imports it before anything else), so
 * the environment list is on its way while React and the schemas are still being set up.
 */
export const pageStart = startPage(window);
