import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const distElectron = resolve(import.meta.dirname, '..', '..', '..', 'dist-electron');
export const mainBundle = join(distElectron, 'main.js');

/**
 * The preload the built main process loads: the dist-electron/preload.* file that main.js names
 * (its extension has changed before), or the only one there is.
 */
export function builtPreloadPath(): string {
  const candidates = readdirSync(distElectron).filter((name) => /^preload\.[cm]?js$/.test(name));
  const main = readFileSync(mainBundle, 'utf8');
  const named = candidates.filter((name) => main.includes(name));
  const [chosen, ...others] = named.length > 0 ? named : candidates;
  if (chosen === undefined || others.length > 0) throw new Error(`Cannot tell which preload main.js loads among: ${candidates.join(', ') || 'none'}`);
  return join(distElectron, chosen);
}
