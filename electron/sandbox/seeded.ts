/**
 * Deterministic randomness. Everything a demo shows (credentials, titles chosen for samples,
 * variable values) comes from these functions so that the same seed always gives the same world.
 */

/** 32-bit FNV-1a over the UTF-16 code units, with a final avalanche so nearby strings spread out. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough for test data; returns numbers in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random stream keyed by several parts, e.g. (seed, title, variable). */
export function randomFor(...parts: readonly (string | number)[]): () => number {
  return createRandom(hashString(parts.join('\u001f')));
}

/** An integer in [min, max] inclusive. */
export function pickInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pickOne<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pickOne needs at least one item');
  return item;
}
