import type PapaType from 'papaparse';

let loading: Promise<typeof PapaType> | undefined;

/**
 * papaparse, loaded the first time a batch file is read: the desktop
 * main bundle carries it as a chunk of its own (build/bundle-budget.ts), and most sessions buy
 * one title at a time.
 */
export function loadPapa(): Promise<typeof PapaType> {
  loading ??= import('papaparse').then((module) => module.default);
  return loading;
}
